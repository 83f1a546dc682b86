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

/** One term's postings merged over fields, each with its precomputed BM25 contribution. */
interface Impacts {
  slots: Int32Array;
  scores: Float64Array;
}

/** Compiled terms kept between index changes; cleared past this many (rare terms are cheap to redo). */
const IMPACT_CACHE_TERMS = 50_000;

interface FieldIndex {
  postings: Map<string, Map<number, number>>;
  lengths: Float64Array;
  totalLength: number;
  docCount: number;
}

/** Lucene's IDF of a term found in `n` of the field's documents. */
const fieldIdf = (fi: FieldIndex, n: number) => Math.log(1 + (fi.docCount - n + 0.5) / (n + 0.5));

/** The tf part's length norm of a slot's field: k1·(1 − b + b·dl/avgdl). */
const lengthNorm = (fi: FieldIndex, slot: number, k1: number, b: number) => k1 * (1 - b + (b * fi.lengths[slot]) / (fi.totalLength / fi.docCount));

/**
 * In-memory multi-field BM25 over integer slots. Scoring follows Lucene's BM25 so the embedded
 * and Elasticsearch backends rank alike: idf = ln(1 + (N − n + 0.5)/(n + 0.5)) with N the number
 * of documents having the field, tf part = f / (f + k1·(1 − b + b·dl/avgdl)), summed over
 * query tokens (repeats count again, as in a Lucene boolean query) and fields times boost.
 */
export class Bm25Index {
  private readonly fields = new Map<Bm25Field, FieldIndex>();
  private capacity = 1024;
  /**
   * Per-term impacts (Σ over fields of boost·idf·tf/(tf + norm)) computed at the first search
   * after a change, and the dense score buffers a search reuses: idf and the length norms depend
   * on the whole index, so they are only valid until the next add or remove. Measured on 10k
   * tools: the Map-walking search took 2.4–3 ms per long query (docs/retrieval.md, "Latency").
   */
  private impacts = new Map<string, Impacts>();
  private acc = new Float64Array(0);
  private touched = new Int32Array(0);

  constructor(private readonly params: Bm25Params = DEFAULT_BM25) {
    for (const f of BM25_FIELDS) {
      this.fields.set(f, { postings: new Map(), lengths: new Float64Array(this.capacity), totalLength: 0, docCount: 0 });
    }
  }

  add(slot: number, tokens: FieldTokens): void {
    this.grow(slot + 1);
    this.impacts.clear();
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
    this.impacts.clear();
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
    if (this.acc.length < this.capacity) {
      this.acc = new Float64Array(this.capacity);
      this.touched = new Int32Array(this.capacity);
    }
    const acc = this.acc;
    const touched = this.touched;
    let n = 0;
    // Repeated query tokens count again, as in a Lucene boolean query.
    for (const t of queryTokens) {
      const { slots, scores } = this.termImpacts(t);
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i];
        if (acc[slot] === 0) touched[n++] = slot;
        acc[slot] += scores[i];
      }
    }
    const top = new TopN(size);
    let floor = -Infinity;
    for (let i = 0; i < n; i++) {
      const slot = touched[i];
      const score = acc[slot];
      acc[slot] = 0;
      // The filter is checked only for scores that could enter the top list.
      if (score <= floor || (allowed && !allowed(slot))) continue;
      top.push(slot, score);
      floor = top.floor();
    }
    return top.sorted();
  }

  /**
   * BM25 of the given slots for the query tokens, as `search` scores them (the same terms in the
   * same order, fields summed in the same order), without walking the postings: a search over a
   * few servers' tools (search/engine.ts `SiblingExpansion`) scores tens of slots, not the index.
   */
  scoreSlots(queryTokens: string[], slots: readonly number[], tokensOf: (slot: number) => FieldTokens): number[] {
    const { k1, b, boosts } = this.params;
    const idf = new Map<string, number[]>();
    for (const t of queryTokens) {
      if (idf.has(t)) continue;
      idf.set(t, BM25_FIELDS.map((f) => {
        const fi = this.fields.get(f)!;
        const n = fi.postings.get(t)?.size ?? 0;
        return n && fi.docCount && boosts[f] ? fieldIdf(fi, n) * boosts[f] : 0;
      }));
    }
    return slots.map((slot) => {
      const tokens = tokensOf(slot);
      const tf = BM25_FIELDS.map((f) => {
        const counts = new Map<string, number>();
        for (const t of tokens[f]) if (idf.has(t)) counts.set(t, (counts.get(t) ?? 0) + 1);
        return counts;
      });
      let score = 0;
      for (const t of queryTokens) {
        let merged = 0;
        BM25_FIELDS.forEach((f, j) => {
          const f_t = tf[j].get(t);
          const w = idf.get(t)![j];
          if (!f_t || !w) return;
          const fi = this.fields.get(f)!;
          merged += (w * f_t) / (f_t + lengthNorm(fi, slot, k1, b));
        });
        score += merged;
      }
      return score;
    });
  }

  private termImpacts(term: string): Impacts {
    const cached = this.impacts.get(term);
    if (cached) return cached;
    const { k1, b, boosts } = this.params;
    const merged = new Map<number, number>();
    for (const f of BM25_FIELDS) {
      const fi = this.fields.get(f)!;
      const list = fi.postings.get(term);
      if (!list || fi.docCount === 0 || boosts[f] === 0) continue;
      const idf = fieldIdf(fi, list.size) * boosts[f];
      for (const [slot, tf] of list) {
        merged.set(slot, (merged.get(slot) ?? 0) + (idf * tf) / (tf + lengthNorm(fi, slot, k1, b)));
      }
    }
    const impacts: Impacts = { slots: Int32Array.from(merged.keys()), scores: Float64Array.from(merged.values()) };
    if (this.impacts.size >= IMPACT_CACHE_TERMS) this.impacts.clear();
    this.impacts.set(term, impacts);
    return impacts;
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
