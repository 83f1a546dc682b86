import { insertAnalyticsEvent, insertToolLogs } from '../../../db/analytics/events.ts';
import type { Database } from '../../../db/client.ts';

export interface TrackInput {
  event_type: string;
  server_name?: string;
  tool_name?: string;
  query?: string;
  session_id?: string;
  metadata?: Record<string, unknown>;
}

/** POST /mcp-analytics/analytics/track (anonymous) and POST /usage/event (the caller's, when known). */
export async function recordAnalyticsEvent(db: Database, origin: 'track' | 'usage', userId: string | null, input: TrackInput) {
  const row = await insertAnalyticsEvent(db, {
    origin,
    eventType: input.event_type,
    userId,
    serverName: input.server_name ?? null,
    toolName: input.tool_name ?? null,
    query: input.query ?? null,
    sessionId: input.session_id ?? null,
    metadata: input.metadata ?? {},
  });
  return { id: row.id, status: 'recorded' as const, event_type: input.event_type, created_at: row.createdAt.toISOString() };
}

export interface ToolLogInput {
  id?: string;
  tool_name: string;
  server_name?: string;
  status: 'success' | 'error' | 'timeout';
  duration_ms?: number;
  error_code?: string;
  error_message?: string;
  metadata?: Record<string, unknown>;
  timestamp?: string;
}

/** POST /observability/tool-logs: a batch, stored at once; ids the client gave make a re-sent batch harmless. */
export async function ingestToolLogs(db: Database, userId: string | null, logs: ToolLogInput[]) {
  const now = new Date();
  const accepted = await insertToolLogs(
    db,
    logs.map((log) => ({
      id: log.id,
      userId,
      toolName: log.tool_name,
      serverName: log.server_name ?? null,
      status: log.status,
      durationMs: log.duration_ms ?? null,
      errorCode: log.error_code ?? null,
      errorMessage: log.error_message ?? null,
      metadata: log.metadata ?? {},
      occurredAt: log.timestamp ? new Date(log.timestamp) : now,
    })),
  );
  return { received: logs.length, accepted, duplicates: logs.length - accepted };
}
