import type { Database } from '../../../db/client.ts';
import { insertQueryLog, insertSelection, listQueryEvents } from '../../../db/retrieval/query-events.ts';

/** GET /queries, POST /query/log and POST /tools/selection-log. */
export function createFeedback(deps: { db: Database; onSelection: () => void }) {
  const { db } = deps;
  return {
    async listQueries(userId: string, limit: number) {
      const rows = await listQueryEvents(db, userId, limit);
      return {
        queries: rows.map((r) => ({
          id: r.id,
          user_id: r.userId,
          query: r.query,
          source: r.source,
          selected_tools: r.selectedTools,
          scores: r.scores,
          retrieved_tools: r.retrievedTools,
          created_at: r.createdAt.toISOString(),
        })),
        total: rows.length,
        limit,
      };
    },

    async logQuery(userId: string | null, body: { query: string; source: string; results_count?: number; metadata?: Record<string, unknown> }) {
      const id = await insertQueryLog(db, { userId, query: body.query, source: body.source, resultsCount: body.results_count ?? null, metadata: body.metadata ?? {} });
      return { id, status: 'logged' as const };
    },

    async logSelection(
      userId: string | null,
      body: { tool_name: string; server?: string; action: 'selected' | 'rejected'; query_id?: string; query?: string; reason?: string },
    ) {
      const id = await insertSelection(db, {
        userId,
        toolName: body.tool_name,
        server: body.server ?? null,
        action: body.action,
        queryId: body.query_id ?? null,
        query: body.query ?? null,
        reason: body.reason ?? null,
      });
      // Ranking reads signed-in users' selections as feedback: make the next searches see this
      // one. An anonymous one does not count there, so it does not make every search reload.
      if (userId) deps.onSelection();
      return { id, status: 'logged' as const };
    },
  };
}
