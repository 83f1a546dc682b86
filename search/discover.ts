import { setImmediate } from 'node:timers/promises';
import type { DetectedCapability } from './capabilities.ts';
import { detectCapability, toolCapabilityMatch } from './capabilities.ts';
import type { RetrievalEngine, RetrieveTimings, SiblingExpansion } from './engine.ts';
import { isShortQuery, rewriteQuery } from './query-rewrite.ts';
import { typeLiterals } from './text/literals.ts';
import { nearDuplicateFactors } from './near-duplicates.ts';
import { RERANK_POOL, rerankRelevance } from './rerank.ts';
import { RerankQuery } from './rerank/query.ts';
import type { ScoredId, SearchBackend, SearchFilter, ToolDocument } from './types.ts';
import type { VectorStage } from './user-spaces/stage.ts';

/** Execution history of one tool, as counted by the caller from real runs. */
export interface RunHistory {
  successes: number;
  failures: number;
}

/** Weights of the final score; they sum to 1 so the score stays in 0..1. */
export interface ScoreWeights {
  semantic: number;
  capability: number;
  success: number;
}

/** Relevance dominates: capability and history only reorder near-ties (docs/retrieval.md). */
export const DEFAULT_WEIGHTS: ScoreWeights = { semantic: 0.85, capability: 0.05, success: 0.1 };

/** Share of the remaining headroom a preferred tool gains: score + 0.1·(1 − score), still ≤ 1. */
export const PREFERENCE_BOOST = 0.1;

/**
 * Candidates the re-scoring looks at: the reranker's pool (search/rerank.ts), and enough for
 * capability, history and preference to promote a tool.
 */
export const overFetch = (topK: number) => Math.max(RERANK_POOL, topK * 3);

/**
 * The pool's sibling expansion (search/engine.ts `SiblingExpansion`): the 3 servers that lead the
 * fused list, their best 15 tools by each list. Only for requests of two or more sentences: a task
 * told in several steps tends to need several tools of one server, a one-line request one tool,
 * whose siblings are noise there (bench/results/2026-12-01-retrieval-three-distributions.md).
 */
export const POOL_SIBLINGS: SiblingExpansion = { servers: 3, perServer: 5 };
export const poolSiblingsFor = (request: RerankQuery): SiblingExpansion | undefined => (request.sentenceCount >= 2 ? POOL_SIBLINGS : undefined);

/** A request as the ranking reads it (`understandRequest`). */
export interface UnderstoodRequest {
  /** The request with its literal values typed (search/text/literals.ts): what is embedded. */
  query: string;
  capability: DetectedCapability;
  /** What BM25 searches (search/query-rewrite.ts). */
  rewritten: string;
  /** What the second stage reads. */
  second: RerankQuery;
}

/**
 * The request as every stage reads it, the one place that says so (discover, and the reranker's
 * training, bench/rerank-train.ts): literal values typed first (a file path as "file path csv", a URL as
 * "url github": they are the call's arguments, not what the tool does), then the capability, the
 * rewrite for BM25 and the second stage's view of its words and steps.
 */
export function understandRequest(text: string): UnderstoodRequest {
  const query = typeLiterals(text);
  const capability = detectCapability(query);
  const rewritten = rewriteQuery(query, capability);
  return { query, capability, rewritten, second: new RerankQuery(query, rewritten) };
}

/** Input of `discover`. */
export interface DiscoverRequest {
  query: string;
  topK: number;
  filter?: SearchFilter;
  /** Drop tools whose final score is below this (0..1). */
  minScore?: number;
  /** Run history per tool id; tools without an entry get the neutral 0.5. */
  history?: ReadonlyMap<string, RunHistory>;
  weights?: ScoreWeights;
  /**
   * Tools the caller prefers (their own, their enabled servers): the score gains
   * PREFERENCE_BOOST of its headroom. Who is preferred is the caller's scope, decided outside.
   */
  prefer?: (doc: ToolDocument) => boolean;
  /** The caller's own vector space over the vector list (search/user-spaces/stage.ts); passed to the engine. */
  vectorStage?: VectorStage;
  /**
   * Called with the documents of the fused candidates (a superset of the tools returned: before
   * duplicates and `minScore` are dropped) once they are known and before they are scored, so a
   * caller can start reading facts about them while the second stage runs (the availability
   * facts query, api/services/retrieval/retrieve.ts). Whatever it starts gets one turn of the
   * event loop to go out before the scoring holds this thread.
   */
  onCandidates?: (docs: ToolDocument[]) => void;
}

/** One ranked tool with the score breakdown the API returns; every number is 0..1. */
export interface ScoredTool {
  id: string;
  doc: ToolDocument;
  score: number;
  semantic_score: number;
  capability_score: number;
  success_rate: number;
}

/** Ranked tools plus what the query was understood as. */
export interface DiscoverResult {
  tools: ScoredTool[];
  selected_capability: string | null;
  capability_confidence: number;
  query_rewritten: string;
  total_tools_searched: number;
  /**
   * Where the time went, in ms: `capabilityMs` (capability detection and query rewrite), the
   * engine's stages, then `scoreMs` (documents, final scores, sort). For benchmarks and Server-Timing.
   */
  timings: RetrieveTimings & { capabilityMs: number; scoreMs: number };
}

/** Laplace-smoothed success rate: (s + 1) / (s + f + 2); 0.5 with no history. */
export function successRate(h: RunHistory | undefined): number {
  if (!h) return 0.5;
  return (h.successes + 1) / (h.successes + h.failures + 2);
}

/** 0.5 + confidence·(match − 0.5): neutral 0.5 when no capability was detected. */
export function capabilityScore(doc: ToolDocument, cap: DetectedCapability): number {
  if (!cap.id) return 0.5;
  return 0.5 + cap.confidence * (toolCapabilityMatch(doc, cap.id) - 0.5);
}

/**
 * Keeps the best-scored tool of each server/name (the same tool can be both a registry tool and
 * one indexed through the API), drops those under `minScore`, cuts to `topK`. `tools` is sorted.
 */
function keep(tools: ScoredTool[], topK: number, minScore = 0): ScoredTool[] {
  const seen = new Set<string>();
  const kept: ScoredTool[] = [];
  for (const t of tools) {
    const key = `${t.doc.server}\u0000${t.doc.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (t.score < minScore) continue;
    kept.push(t);
    if (kept.length === topK) break;
  }
  return kept;
}

/** The documents of these ids; the hits' content hashes (Elasticsearch) let the backend answer those it has cached. */
function candidateDocuments(backend: SearchBackend, ids: string[], lists: readonly ScoredId[][]): Promise<Map<string, ToolDocument>> {
  const versions = new Map<string, string>();
  for (const list of lists) for (const h of list) if (h.version !== undefined) versions.set(h.id, h.version);
  return backend.documents(ids, versions);
}

/**
 * The whole discovery pipeline, and the only place that ranks: capability detection, query
 * rewrite, hybrid retrieval of `overFetch(topK)` fused candidates, the learned second stage over
 * them (semantic_score, search/rerank.ts), the final score = w_s·semantic + w_c·capability
 * (short queries only) + w_h·success_rate,
 * the caller's preference, then one tool per server/name, `minScore` and `topK`.
 */
export async function discover(engine: RetrievalEngine, req: DiscoverRequest): Promise<DiscoverResult> {
  const result = await discoverCandidates(engine, req);
  return { ...result, tools: result.tools.slice(0, req.topK) };
}

/**
 * `discover` without the final cut to `topK`: every scored candidate of the over-fetch (one per
 * server/name, `minScore` applied), best first. For a caller that re-ranks them once more with
 * facts search/ does not have (the availability stage, api/services/retrieval/availability.ts),
 * over the same candidates and scores that `discover` cuts from.
 */
export async function discoverCandidates(engine: RetrievalEngine, req: DiscoverRequest): Promise<DiscoverResult> {
  const weights = req.weights ?? DEFAULT_WEIGHTS;
  const started = performance.now();
  const { query, capability, rewritten, second } = understandRequest(req.query);
  const understood = performance.now();
  // The BM25 candidates are matched against the request while the query embedding still runs.
  // Only a head start: a failure here is met again, and reported, when the candidates are scored.
  const onBm25 = (hits: ScoredId[]) => {
    candidateDocuments(engine.backend, hits.map((h) => h.id), [hits])
      .then((docs) => second.prepare(docs.values()))
      .catch(() => {});
  };
  const [result, total] = await Promise.all([
    engine.retrieve({
      query, bm25Query: rewritten, topK: overFetch(req.topK), filter: req.filter, vectorStage: req.vectorStage, onBm25, siblings: poolSiblingsFor(second),
    }),
    engine.backend.count(req.filter),
  ]);
  const scoring = performance.now();
  const docs = await candidateDocuments(engine.backend, result.hits.map((h) => h.id), [result.bm25, result.vector]);
  if (req.onCandidates) {
    req.onCandidates([...docs.values()]);
    // A database driver writes its query on a later tick (postgres-js: after a microtask, or
    // on setImmediate when small); the scoring below is synchronous and would hold it back.
    await setImmediate();
  }
  // semantic_score: the second stage's probability that the tool is relevant (search/rerank.ts).
  const relevance = rerankRelevance(second, result.hits, docs);
  // The capability counts for short single-action queries only; long requests name several actions.
  const capabilityWeight = isShortQuery(query) ? weights.capability : 0;
  const tools: ScoredTool[] = [];
  for (const hit of result.hits) {
    const doc = docs.get(hit.id);
    if (!doc) continue;
    const semantic = relevance.get(hit.id)!;
    const capabilityMatch = capabilityScore(doc, capability);
    const success = successRate(req.history?.get(hit.id));
    const base = weights.semantic * semantic + capabilityWeight * capabilityMatch + weights.success * success;
    const score = req.prefer?.(doc) ? base + PREFERENCE_BOOST * (1 - base) : base;
    tools.push({ id: hit.id, doc, score: Math.min(1, Math.max(0, score)), semantic_score: semantic, capability_score: capabilityMatch, success_rate: success });
  }
  tools.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  // Copies of one tool on many servers past the first few move down (search/near-duplicates.ts).
  const factors = nearDuplicateFactors(tools);
  if (factors.some((f) => f !== 1)) {
    tools.forEach((t, i) => (t.score *= factors[i]));
    tools.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  }
  return {
    tools: keep(tools, tools.length, req.minScore),
    selected_capability: capability.id,
    capability_confidence: capability.confidence,
    query_rewritten: rewritten,
    total_tools_searched: total,
    timings: { ...result.timings, capabilityMs: understood - started, scoreMs: performance.now() - scoring },
  };
}
