import type { ScoredId } from './types.ts';

/** A fused candidate: relevance in 0..1 and what each list said about it. */
export interface FusedHit {
  id: string;
  /** Fused relevance, 0..1 (see docs/retrieval.md). */
  relevance: number;
  /** Raw BM25 score, null when the tool was not in the BM25 candidate list. */
  bm25: number | null;
  /** Cosine similarity, null when the tool was not in the vector candidate list. */
  vector: number | null;
}

/** How the two lists are combined; chosen by measurement (docs/retrieval.md). */
export type FusionConfig =
  | { method: 'rrf'; k: number; vectorWeight: number }
  | { method: 'linear'; vectorWeight: number }
  | { method: 'bm25' }
  | { method: 'vector' };

/**
 * RRF, k = 10, equal weights: rank-based, so it does not depend on a model's cosine scale. With
 * e5-small-v2 (cosines of unrelated texts ~0.7) the linear blend let every vector candidate outrank
 * every BM25-only one; RRF gave +0.014 held-out NDCG@10 after the reranker (docs/retrieval.md "Fusion").
 */
export const DEFAULT_FUSION: FusionConfig = { method: 'rrf', k: 10, vectorWeight: 0.5 };

function collect(bm25: ScoredId[], vector: ScoredId[]): Map<string, FusedHit & { bRank: number; vRank: number }> {
  const all = new Map<string, FusedHit & { bRank: number; vRank: number }>();
  const at = (id: string) => {
    let h = all.get(id);
    if (!h) all.set(id, (h = { id, relevance: 0, bm25: null, vector: null, bRank: Infinity, vRank: Infinity }));
    return h;
  };
  bm25.forEach((h, i) => Object.assign(at(h.id), { bm25: h.score, bRank: i + 1 }));
  vector.forEach((h, i) => Object.assign(at(h.id), { vector: h.score, vRank: i + 1 }));
  return all;
}

/**
 * Fuses the BM25 and vector candidate lists into one ranking, best first, every relevance 0..1.
 * - rrf: Σ w/(k + rank), divided by its maximum (both lists at rank 1) so it reads as 0..1.
 * - linear: (1 − w)·bm25/max(bm25 in list) + w·max(cosine, 0); a tool absent from a list gets 0
 *   for that part. BM25 is divided by the list maximum because raw BM25 has no fixed scale.
 */
export function fuse(bm25: ScoredId[], vector: ScoredId[], config: FusionConfig): FusedHit[] {
  const all = collect(bm25, vector);
  const maxBm25 = bm25.length ? Math.max(...bm25.map((h) => h.score)) : 0;
  for (const h of all.values()) {
    const b = h.bm25 !== null && maxBm25 > 0 ? h.bm25 / maxBm25 : 0;
    const v = h.vector !== null ? Math.max(0, Math.min(1, h.vector)) : 0;
    switch (config.method) {
      case 'rrf': {
        const w = config.vectorWeight;
        const raw = (1 - w) / (config.k + h.bRank) + w / (config.k + h.vRank);
        h.relevance = raw * (config.k + 1);
        break;
      }
      case 'linear':
        h.relevance = (1 - config.vectorWeight) * b + config.vectorWeight * v;
        break;
      case 'bm25':
        h.relevance = b;
        break;
      case 'vector':
        h.relevance = v;
        break;
    }
  }
  const keep = [...all.values()].filter((h) =>
    config.method === 'bm25' ? h.bm25 !== null : config.method === 'vector' ? h.vector !== null : true);
  keep.sort((a, c) => c.relevance - a.relevance || a.id.localeCompare(c.id));
  return keep.map(({ id, relevance, bm25: bs, vector: vs }) => ({ id, relevance, bm25: bs, vector: vs }));
}
