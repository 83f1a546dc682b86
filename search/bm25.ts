import type { Bm25Field, FieldTokens } from './text/tool-text.ts';
import { BM25_FIELDS } from './text/tool-text.ts';
import { TopN } from './top-n.ts';

/** BM25 parameters and per-field boosts (multi-field sum, like Elasticsearch `most_fields`). */
export interface Bm25Params {
  k1: number;
  b: number;
  boosts: Record<Bm25Field, number>;
}

/** Chosen by measurement on the StableToolBench dev split (bench/quality.ts --sweep-bm25). */
export const DEFAULT_BM25: Bm25Params = {
  k1: 1.2,
  b: 0.75,
  boosts: { name: 1, server: 1, description: 1, params: 0.5, labels: 0.5 },
};

interface FieldIndex {
  postings: Map<string, Map<number, number>>;
  lengths: Float64Array;
  totalLength: number;
  docCount: number;
}

/**
 * In-memory multi-field BM25 over integer slots. Scoring follows Lucene's BM25 so the embedded
 * and Elasticsearch backends rank alike: idf = ln(1 + (N − n + 0.5)/(n + 0.5)) with N the number
 * of documents having the field, tf part = f / (f + k1·(1 − b + b·dl/avgdl)), summed over
 * query tokens (repeats count again, as in a Lucene boolean query) and fields times boost.
 */
export class Bm25Index {
  private readonly fields = new Map<Bm25Field, FieldIndex>();
  private capacity = 1024;

  constructor(private readonly params: Bm25Params = DEFAULT_BM25) {
    for (const f of BM25_FIELDS) {
      this.fields.set(f, { postings: new Map(), lengths: new Float64Array(this.capacity), totalLength: 0, docCount: 0 });
    }
  }

  add(slot: number, tokens: FieldTokens): void {
    this.grow(slot + 1);
    for (const f of BM25_FIELDS) {
      const fi = this.fields.get(f)!;
      const toks = tokens[f];
      if (toks.length === 0) continue;
      fi.lengths[slot] = toks.length;
      fi.totalLength += toks.length;
      fi.docCount++;
      for (const t of toks) {
        let list = fi.postings.get(t);
        if (!list) fi.postings.set(t, (list = new Map()));
        list.set(slot, (list.get(slot) ?? 0) + 1);
      }
    }
  }

  remove(slot: number, tokens: FieldTokens): void {
    for (const f of BM25_FIELDS) {
      const fi = this.fields.get(f)!;
      const toks = tokens[f];
      if (toks.length === 0) continue;
      fi.totalLength -= fi.lengths[slot];
      fi.lengths[slot] = 0;
      fi.docCount--;
      for (const t of new Set(toks)) {
        const list = fi.postings.get(t);
        list?.delete(slot);
        if (list?.size === 0) fi.postings.delete(t);
      }
    }
  }

  /** Top `size` slots for the query tokens among slots `allowed` accepts. */
  search(queryTokens: string[], size: number, allowed?: (slot: number) => boolean): { slot: number; score: number }[] {
    const { k1, b, boosts } = this.params;
    const scores = new Map<number, number>();
    for (const f of BM25_FIELDS) {
      const fi = this.fields.get(f)!;
      if (fi.docCount === 0 || boosts[f] === 0) continue;
      const avg = fi.totalLength / fi.docCount;
      for (const t of queryTokens) {
        const list = fi.postings.get(t);
        if (!list) continue;
        const idf = Math.log(1 + (fi.docCount - list.size + 0.5) / (list.size + 0.5)) * boosts[f];
        for (const [slot, tf] of list) {
          const norm = k1 * (1 - b + (b * fi.lengths[slot]) / avg);
          scores.set(slot, (scores.get(slot) ?? 0) + (idf * tf) / (tf + norm));
        }
      }
    }
    const top = new TopN(size);
    for (const [slot, score] of scores) if (!allowed || allowed(slot)) top.push(slot, score);
    return top.sorted();
  }

  private grow(min: number): void {
    if (min <= this.capacity) return;
    while (this.capacity < min) this.capacity *= 2;
    for (const fi of this.fields.values()) {
      const next = new Float64Array(this.capacity);
      next.set(fi.lengths);
      fi.lengths = next;
    }
  }
}
