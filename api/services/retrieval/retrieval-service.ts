import { randomUUID } from 'node:crypto';
import type { Database } from '../../../db/client.ts';
import { insertQueryEvent } from '../../../db/retrieval/query-events.ts';
import type { Logger } from '../../../lib/logger.ts';
import { recommendedServers, rootTool, scoresByName, v2Tool } from './present.ts';
import type { RetrieveInput, Retriever } from './retrieve.ts';

export type AgentSource = 'api' | 'mcp' | 'dashboard';

const elapsedMs = (t0: number) => Math.max(0, Math.round(performance.now() - t0));

/**
 * The three retrieval variants over one retriever. Only the v2 variant records a query event,
 * and only for an authenticated caller (spec "Recorded events").
 */
export function createRetrievalVariants(deps: { db: Database; retriever: Retriever; logger: Logger }) {
  const { db, retriever, logger } = deps;

  /** Stores the event without holding up the answer; a failure is a warning, never an error. */
  function recordEvent(event: Parameters<typeof insertQueryEvent>[1]): void {
    // Stamped now, not by the insert: fire-and-forget inserts may land out of order, and the
    // history is ordered by when the queries were asked.
    insertQueryEvent(db, { createdAt: new Date(), ...event }).catch((err: unknown) => {
      logger.warn({ err, query_id: event.id }, 'query event not stored; retrieval answered anyway');
    });
  }

  return {
    /** GET /retrieve_tools and both /v1/retrieve_tools (the v1 routes wrap it in the envelope). */
    async retrieve(input: RetrieveInput) {
      const t0 = performance.now();
      const out = await retriever.retrieve(input);
      return { tools: out.tools.map(rootTool), query_time_ms: elapsedMs(t0), total_tools_searched: out.total_tools_searched };
    },

    /** GET /v2/retrieve_tools. */
    async retrieveV2(input: RetrieveInput & { source: AgentSource }) {
      const t0 = performance.now();
      const out = await retriever.retrieve(input);
      const queryId = randomUUID();
      const tools = out.tools.map(v2Tool);
      if (input.userId) {
        recordEvent({
          id: queryId,
          userId: input.userId,
          query: input.query,
          source: input.source,
          selectedTools: [],
          scores: scoresByName(out.tools),
          retrievedTools: tools,
        });
      }
      return {
        tools,
        // "general" when no capability verb was recognised (confidence 0): the spec types it as a string.
        selected_capability: out.selected_capability ?? 'general',
        capability_confidence: Math.round(out.capability_confidence * 10_000) / 10_000,
        query_rewritten: out.query_rewritten,
        recommended_mcps: recommendedServers(out.tools),
        query_id: queryId,
        query_time_ms: elapsedMs(t0),
        total_tools_searched: out.total_tools_searched,
      };
    },
  };
}
