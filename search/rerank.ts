import type { FusedHit } from './fusion.ts';
import type { ToolDocument } from './types.ts';
import type { RerankCandidate } from './rerank/features.ts';
import { rerankFeatures } from './rerank/features.ts';
import type { RerankModels } from './rerank/model.ts';
import { checkModels, RERANK_MODELS, rerankProbabilities } from './rerank/model.ts';
import type { RerankQuery } from './rerank/query.ts';


/**
 * Second stage of the ranking (issue 21, item 1): a learned linear model over features of each
 * fused candidate and its place among the others, trained on the StableToolBench dev split with
 * cross-validation over queries by bench/rerank-train.ts (weights in search/rerank-model.json).
 * It sees only what both backends return (the fused hit: BM25 score, cosine) plus the document
 * and the query text, so it ranks identically on the embedded backend and on Elasticsearch.
 */
// The parts, each in search/rerank/: the documents' analyzed fields (doc-tokens.ts), a request and
// its matches (query.ts), the feature vectors (features.ts) and the two-pass model (model.ts).

/** Fused candidates the reranker looks at: 100 finds more of the relevant tools than 50 or 30 (docs/retrieval.md). */
export const RERANK_POOL = 100;

/**
 * The reranked relevance of each hit (by id), 0..1: the model's calibrated probability that the
 * tool is relevant to the request. This is the ranking's `semantic_score`.
 */
export function rerankRelevance(
  request: RerankQuery,
  hits: readonly FusedHit[],
  docs: ReadonlyMap<string, ToolDocument>,
  models: RerankModels = RERANK_MODELS,
): Map<string, number> {
  checkModels(models);
  const candidates: RerankCandidate[] = [];
  for (const hit of hits) {
    const doc = docs.get(hit.id);
    if (doc) candidates.push({ hit, doc });
  }
  const features = rerankFeatures(request, candidates);
  const p = rerankProbabilities(models, features, candidates.map((c) => c.doc.server));
  return new Map(candidates.map((c, i) => [c.hit.id, p[i]]));
}
