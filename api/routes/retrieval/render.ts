import type { Retrieval } from '../../services/retrieval/index.ts';
import { withSnakeSchema } from '../../services/retrieval/present.ts';

// How the REST retrieval forms render the service's one result. MCP's retrieve_tools answers
// the declared `retrievalAnswer` (api/operations/retrieval.ts).

/** GET /retrieve_tools and /v1 data: the tools as the service returns them (the spec's Tool). */
export const rootData = (r: Retrieval) => ({ tools: r.tools, query_time_ms: r.query_time_ms, total_tools_searched: r.total_tools_searched });

/** GET /v2/retrieve_tools. */
export function v2Data(r: Retrieval) {
  return {
    tools: r.tools.map(withSnakeSchema),
    // "general" when no capability verb was recognised: the spec types it as a string.
    selected_capability: r.selected_capability ?? 'general',
    capability_confidence: r.capability_confidence,
    query_rewritten: r.query_rewritten,
    // The servers of the results in rank order, each once, at most five.
    recommended_mcps: [...new Set(r.tools.map((t) => t.server))].slice(0, 5),
    query_id: r.query_id,
    query_time_ms: r.query_time_ms,
    total_tools_searched: r.total_tools_searched,
    ...(r.embedding ? { embedding: r.embedding } : {}),
  };
}

/**
 * The `Server-Timing` header of a retrieval (W3C Server Timing): where `query_time_ms` went, so a
 * client (bench/retrieve.ts, a browser's network panel) sees the stages of one request. Names:
 * scope, capability, embed (until the query vector was there; it overlaps analyze and bm25),
 * analyze, bm25, vectors, search (the backend call as a whole), fusion, score, facts,
 * availability, total; the ranking's are absent when the response cache answered (cache=1).
 */
export function serverTiming(r: Retrieval): string {
  const t = r.timings;
  const parts: Array<[string, number | null]> = [['scope', t.scopeMs]];
  if (t.rank) {
    const k = t.rank;
    parts.push(['capability', k.capabilityMs], ['embed', k.embedMs], ['analyze', k.analyzeMs], ['bm25', k.bm25Ms], ['vectors', k.vectorMs], ['search', k.searchMs], ['fusion', k.fuseMs], ['score', k.scoreMs]);
  } else parts.push(['cache', 1]);
  parts.push(['facts', t.factsMs], ['availability', t.availabilityMs], ['total', t.totalMs]);
  return parts.filter((p): p is [string, number] => p[1] !== null).map(([name, ms]) => `${name};dur=${ms.toFixed(2)}`).join(', ');
}
