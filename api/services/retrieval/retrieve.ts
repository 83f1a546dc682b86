import type { Database } from '../../../db/client.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { ScoreWeights, ScoredTool } from '../../../search/discover.ts';
import { DEFAULT_WEIGHTS } from '../../../search/discover.ts';
import type { SearchIndex } from '../../../search/service/search-index.ts';
import { createHistory } from './history.ts';
import { ResponseCache } from './response-cache.ts';
import { PREFERENCE_BOOST, isPreferred, resolveScope, scopeFilter } from './scope.ts';

/** One retrieval as the routes ask for it. */
export interface RetrieveInput {
  query: string;
  topK: number;
  /** Whose scope: null = public catalog only. */
  userId: string | null;
  server?: string;
  category?: string;
  minScore?: number;
  /** v2 `use_hybrid_v3`: false ranks by fused relevance alone (no capability or history terms). */
  hybridV3?: boolean;
}

export type RankedTool = Omit<ScoredTool, 'id'>;

export interface RetrieveOutput {
  tools: RankedTool[];
  selected_capability: string | null;
  capability_confidence: number;
  query_rewritten: string;
  total_tools_searched: number;
}

const RELEVANCE_ONLY: ScoreWeights = { semantic: 1, capability: 0, success: 0 };

/**
 * Retrieval with scope, preference, de-duplication and the one-hour response cache. The cache
 * is cleared whenever the index changes (SearchIndex.onChange), including changes made by a
 * worker in another process (the ledger watch of search/service/open-search-index.ts).
 */
export function createRetriever(deps: { db: Database; search: SearchIndex; logger: Logger }) {
  const { db, search } = deps;
  const cache = new ResponseCache<RetrieveOutput>();
  const history = createHistory(db, deps.logger);
  search.onChange(() => cache.clear());

  async function compute(input: RetrieveInput, scope: Awaited<ReturnType<typeof resolveScope>>): Promise<RetrieveOutput> {
    const hybrid = input.hybridV3 !== false;
    // A user's preference can lift tools from below top_k: fetch more for it. Without one the
    // call is exactly the engine's (bench/quality.ts measures the same ranking).
    const result = await search.discover({
      query: input.query,
      topK: scope.userId ? Math.max(30, input.topK * 3) : input.topK,
      filter: scopeFilter(scope, input),
      history: hybrid ? await history.get() : undefined,
      weights: hybrid ? DEFAULT_WEIGHTS : RELEVANCE_ONLY,
    });
    const seen = new Set<string>();
    const ranked: RankedTool[] = [];
    for (const { id: _id, ...tool } of result.tools) {
      const score = isPreferred(scope, tool.doc) ? tool.score + PREFERENCE_BOOST * (1 - tool.score) : tool.score;
      ranked.push({ ...tool, score: Math.min(1, Math.max(0, score)) });
    }
    // Stable sort: equal scores keep the engine's order.
    ranked.sort((a, b) => b.score - a.score);
    const tools = ranked
      .filter((t) => {
        // The same server/name may exist as a registry tool and as an indexed one: keep the best.
        const key = `${t.doc.server}\u0000${t.doc.name}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return t.score >= (input.minScore ?? 0);
      })
      .slice(0, input.topK);
    return {
      tools,
      selected_capability: result.selected_capability,
      capability_confidence: result.capability_confidence,
      query_rewritten: result.query_rewritten,
      total_tools_searched: result.total_tools_searched,
    };
  }

  return {
    cache,
    history,
    async retrieve(input: RetrieveInput): Promise<RetrieveOutput & { cached: boolean }> {
      const scope = await resolveScope(db, input.userId);
      const key = JSON.stringify([input.query, input.topK, input.server, input.category, input.minScore ?? 0, input.hybridV3 !== false, scope.userId, scope.enabledServers, scope.ownServers]);
      const hit = cache.get(key);
      if (hit) return { ...hit, cached: true };
      const generation = search.generation;
      const output = await compute(input, scope);
      // An index change during the search makes this answer stale already: do not keep it.
      if (search.generation === generation) cache.set(key, output);
      return { ...output, cached: false };
    },
  };
}

export type Retriever = ReturnType<typeof createRetriever>;
