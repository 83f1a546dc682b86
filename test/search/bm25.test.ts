import { describe, expect, it } from 'vitest';
import { Bm25Index, DEFAULT_BM25 } from '../../search/bm25.ts';
import type { FieldTokens } from '../../search/text/tool-text.ts';

const doc = (fields: Partial<FieldTokens>): FieldTokens => ({ name: [], server: [], description: [], params: [], labels: [], ...fields });

describe('BM25', () => {
  it('scores a rare term above a common one (idf)', () => {
    const idx = new Bm25Index();
    idx.add(0, doc({ description: ['weather', 'data'] }));
    idx.add(1, doc({ description: ['stock', 'data'] }));
    idx.add(2, doc({ description: ['news', 'data'] }));
    const hits = idx.search(['weather', 'data'], 3);
    expect(hits[0].slot).toBe(0);
    expect(hits[0].score).toBeGreaterThan(2 * hits[1].score);
  });

  it('favours the shorter field at equal term frequency (length normalisation)', () => {
    const idx = new Bm25Index();
    idx.add(0, doc({ description: ['email', ...Array(20).fill('filler')] }));
    idx.add(1, doc({ description: ['email', 'send'] }));
    idx.add(2, doc({ description: ['other'] }));
    expect(idx.search(['email'], 2).map((h) => h.slot)).toEqual([1, 0]);
  });

  it('saturates term frequency (k1) and matches Lucene’s formula', () => {
    const idx = new Bm25Index({ ...DEFAULT_BM25, boosts: { name: 0, server: 0, description: 1, params: 0, labels: 0 } });
    idx.add(0, doc({ description: ['a', 'a', 'a', 'b'] }));
    idx.add(1, doc({ description: ['c', 'd', 'e', 'f'] }));
    const [hit] = idx.search(['a'], 1);
    const { k1 } = DEFAULT_BM25;
    const idf = Math.log(1 + (2 - 1 + 0.5) / (1 + 0.5));
    expect(hit.score).toBeCloseTo((idf * 3) / (3 + k1), 10);
  });

  it('sums fields with their boosts and honours the allowed predicate', () => {
    const idx = new Bm25Index();
    idx.add(0, doc({ name: ['forecast'] }));
    idx.add(1, doc({ params: ['forecast'] }));
    idx.add(2, doc({ description: ['rain'] }));
    expect(idx.search(['forecast'], 5).map((h) => h.slot)).toEqual([0, 1]);
    expect(idx.search(['forecast'], 5, (s) => s !== 0).map((h) => h.slot)).toEqual([1]);
  });

  it('forgets removed documents', () => {
    const idx = new Bm25Index();
    const d = doc({ name: ['translate'] });
    idx.add(0, d);
    idx.add(1, doc({ name: ['other'] }));
    idx.remove(0, d);
    expect(idx.search(['translate'], 5)).toEqual([]);
  });

  it('recomputes cached term impacts after every change (idf and length norms move)', () => {
    const idx = new Bm25Index({ ...DEFAULT_BM25, boosts: { name: 0, server: 0, description: 1, params: 0, labels: 0 } });
    idx.add(0, doc({ description: ['a', 'b'] }));
    idx.add(1, doc({ description: ['c', 'd'] }));
    const before = idx.search(['a'], 1)[0].score;
    const extra = doc({ description: ['a', 'x', 'y', 'z'] });
    idx.add(2, extra);
    const { k1, b } = DEFAULT_BM25;
    const lucene = (n: number, docs: number, dl: number, avg: number) => Math.log(1 + (docs - n + 0.5) / (n + 0.5)) / (1 + k1 * (1 - b + (b * dl) / avg));
    expect(idx.search(['a'], 1)[0].score).toBeCloseTo(lucene(2, 3, 2, 8 / 3), 10);
    idx.remove(2, extra);
    expect(idx.search(['a'], 1)[0].score).toBeCloseTo(before, 10);
  });

  it('counts a repeated query token again and leaves no score behind for the next search', () => {
    const idx = new Bm25Index();
    idx.add(0, doc({ name: ['weather'] }));
    idx.add(1, doc({ name: ['news'] }));
    const once = idx.search(['weather'], 1)[0].score;
    expect(idx.search(['weather', 'weather'], 1)[0].score).toBeCloseTo(2 * once, 10);
    expect(idx.search(['weather'], 1)[0].score).toBeCloseTo(once, 10);
  });
});
