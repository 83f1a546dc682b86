import type { Retrieval } from '../../services/retrieval/index.ts';
import { withSnakeSchema } from '../../services/retrieval/present.ts';

// How the retrieval faces render the service's one result. The MCP face's retrieve_tools answers
// the v2 form too (api/mcp-face/server/tool-calls.ts).

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
