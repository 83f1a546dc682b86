import { describe, expect, it } from 'vitest';
import { VectorIndex } from '../../search/backends/vector-index.ts';
import { normalize } from '../../search/embedding/types.ts';

// Deterministic pseudo-random unit vectors (no Math.random: failures must reproduce).
function vectors(count: number, dims: number, seed = 1): Float32Array[] {
  let x = seed;
  const next = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32) - 0.5;
  return Array.from({ length: count }, () => normalize(Float32Array.from({ length: dims }, next)));
}

function exactTop(q: Float32Array, all: Float32Array[], size: number, keep: (slot: number) => boolean = () => true) {
  return all
    .map((v, slot) => ({ slot, score: v.reduce((s, x, d) => s + x * q[d], 0) }))
    .filter((h) => keep(h.slot))
    .sort((a, b) => b.score - a.score)
    .slice(0, size);
}

describe('VectorIndex (WebAssembly SIMD scan)', () => {
  it.each([
    [384, 0, 'SIMD fp32 scan'],
    [384, 20, 'int8 pass + fp32 rescoring'],
    [32, 20, 'int8 pass, short vectors'],
    [12, 20, 'JS loop (width not a multiple of 16)'],
  ])('returns the exact top list with cosine scores (%i dimensions, rescore %i: %s)', (dims, rescore) => {
    const all = vectors(300, dims);
    const idx = new VectorIndex(dims, rescore, 16); // small capacity: the index grows several times
    all.forEach((v, slot) => idx.set(slot, v));
    for (const q of vectors(5, dims, 7)) {
      const got = idx.search(q, 10, all.length);
      const want = exactTop(q, all, 10);
      expect(got.map((h) => h.slot)).toEqual(want.map((h) => h.slot));
      got.forEach((h, i) => expect(h.score).toBeCloseTo(want[i].score, 5));
    }
  });

  it('honours the allowed predicate and cleared slots, and sees a replaced vector', () => {
    const all = vectors(100, 384, 3);
    const idx = new VectorIndex(384, 20);
    all.forEach((v, slot) => idx.set(slot, v));
    const q = all[42];
    expect(idx.search(q, 1, 100)[0]).toMatchObject({ slot: 42 });
    idx.clear(42);
    expect(idx.search(q, 100, 100).map((h) => h.slot)).not.toContain(42);
    const even = (slot: number) => slot % 2 === 0;
    expect(idx.search(q, 5, 100, even).map((h) => h.slot)).toEqual(exactTop(q, all, 5, (s) => even(s) && s !== 42).map((h) => h.slot));
    idx.set(7, q);
    expect(idx.search(q, 1, 100)[0].slot).toBe(7);
    expect(idx.search(q, 1, 100)[0].score).toBeCloseTo(1, 5);
  });
});
