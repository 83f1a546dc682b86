import { describe, expect, it } from 'vitest';
import { fuse } from '../../search/fusion.ts';

const bm25 = [{ id: 'a', score: 12 }, { id: 'b', score: 6 }, { id: 'c', score: 3 }];
const vector = [{ id: 'b', score: 0.9 }, { id: 'd', score: 0.5 }, { id: 'a', score: -0.2 }];

describe('fusion', () => {
  it('linear: blends max-normalised BM25 with clipped cosine, relevance in 0..1', () => {
    const hits = fuse(bm25, vector, { method: 'linear', vectorWeight: 0.6 });
    expect(hits.map((h) => h.id)).toEqual(['b', 'a', 'd', 'c']);
    expect(hits[0].relevance).toBeCloseTo(0.4 * 0.5 + 0.6 * 0.9, 10);
    expect(hits.find((h) => h.id === 'd')).toMatchObject({ bm25: null, vector: 0.5 });
    for (const h of hits) expect(h.relevance).toBeGreaterThanOrEqual(0), expect(h.relevance).toBeLessThanOrEqual(1);
  });

  it('rrf: rank-based, 1 only for a tool first in both lists', () => {
    const hits = fuse([{ id: 'x', score: 1 }], [{ id: 'x', score: 0.1 }], { method: 'rrf', k: 60, vectorWeight: 0.5 });
    expect(hits[0].relevance).toBeCloseTo(1, 10);
    const mixed = fuse(bm25, vector, { method: 'rrf', k: 60, vectorWeight: 0.5 });
    expect(mixed[0].id).toBe('b');
    for (const h of mixed) expect(h.relevance).toBeLessThan(1);
  });

  it('single parts keep only their own list', () => {
    expect(fuse(bm25, vector, { method: 'bm25' }).map((h) => h.id)).toEqual(['a', 'b', 'c']);
    expect(fuse(bm25, vector, { method: 'vector' }).map((h) => h.id)).toEqual(['b', 'd', 'a']);
  });
});
