import { describe, expect, it } from 'vitest';
import { instantiateDots } from '../../search/backends/simd-dot.ts';
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

  // Sign-bit preselection (large indices; here from 100 slots on so the test stays small): 40
  // clusters of 10 near vectors, each query near a cluster's centre, as real tools and queries are.
  function clustered(dims: number) {
    const centres = vectors(40, dims, 11);
    const noise = vectors(400, dims, 12);
    const all = noise.map((n, slot) => normalize(centres[slot % 40].map((x, d) => x + 0.3 * n[d])));
    const queries = vectors(10, dims, 13).map((n, i) => normalize(centres[i * 3].map((x, d) => x + 0.3 * n[d])));
    return { all, queries };
  }

  it('preselects by sign bits on a large index and still returns the exact top list with cosine scores', () => {
    const { all, queries } = clustered(384);
    const idx = new VectorIndex(384, 20, 16, { from: 100, share: 0.2 });
    all.forEach((v, slot) => idx.set(slot, v));
    for (const q of queries) {
      const got = idx.search(q, 10, all.length);
      const want = exactTop(q, all, 10);
      expect(got.map((h) => h.slot)).toEqual(want.map((h) => h.slot));
      got.forEach((h, i) => expect(h.score).toBeCloseTo(want[i].score, 5));
    }
  });

  it('with preselection, a narrow filter still finds its few allowed slots (every slot is scanned then), and cleared slots stay out', () => {
    const { all, queries } = clustered(384);
    const idx = new VectorIndex(384, 20, 16, { from: 100, share: 0.2 });
    all.forEach((v, slot) => idx.set(slot, v));
    const few = new Set([3, 250, 399]);
    const q = queries[0];
    expect(idx.search(q, 5, all.length, (s) => few.has(s)).map((h) => h.slot)).toEqual(exactTop(q, all, 5, (s) => few.has(s)).map((h) => h.slot));
    const best = idx.search(q, 1, all.length)[0].slot;
    idx.clear(best);
    // The cluster's other 9 (beyond them the neighbours are noise, which sign bits only approximate).
    const after = idx.search(q, 9, all.length);
    expect(after.map((h) => h.slot)).not.toContain(best);
    expect(after.map((h) => h.slot)).toEqual(exactTop(q, all, 9, (s) => s !== best).map((h) => h.slot));
  });

  it('counts differing bits (hamming) and lists the values at most a cut (below) as plain loops do', () => {
    const memory = new WebAssembly.Memory({ initial: 1 });
    const kernels = instantiateDots(memory)!;
    const bytes = new Uint8Array(memory.buffer);
    let x = 5;
    for (let i = 1024; i < 1024 + 48 * 21; i++) bytes[i] = (x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 24;
    kernels.hamming(1024, 1024 + 48, 20, 0, 48);
    const bits = (b: number) => b.toString(2).replaceAll('0', '').length;
    const want = Array.from({ length: 20 }, (_, i) => Array.from({ length: 48 }, (_, j) => bits(bytes[1024 + j] ^ bytes[1024 + 48 * (i + 1) + j])).reduce((a, b) => a + b, 0));
    expect(Array.from(new Int32Array(memory.buffer, 0, 20))).toEqual(want);
    const cut = [...want].sort((a, b) => a - b)[9];
    const n = kernels.below(0, 20, cut, 4096);
    expect(Array.from(new Int32Array(memory.buffer, 4096, n))).toEqual(want.flatMap((d, i) => (d <= cut ? [i] : [])));
  });
});
