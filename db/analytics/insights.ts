import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { rawRows } from '../jobs/raw-rows.ts';
import { SHOWN_SERVER_NAME_SQL_PATTERN } from '../registry/server-keys.ts';

/**
 * Every tool call we know of in one shape: runs the service executed (tool_runs) and calls
 * clients reported (tool_logs). `userId` null = all users (admin reports). `publicOnly` is the
 * anonymous view (decisions.md, "Tool insights, anonymous view"): only service runs of public servers, since a
 * custom server is private to its owner and anyone may write client-reported rows.
 */
// Times go in as ISO text cast to timestamptz: postgres-js cannot bind a Date inside a raw fragment.
export function toolCalls(since: Date, userId: string | null, options: { publicOnly?: boolean } = {}) {
  const runUser = userId ? sql`and user_id = ${userId}` : sql``;
  const runs = sql`
    select tool, server, status = 'completed' as ok, duration_ms, error_code, created_at as at, 'service' as source, user_id
      from tool_runs where created_at >= ${since.toISOString()}::timestamptz ${runUser}`;
  if (options.publicOnly) {
    return sql`${runs} and server in (select name from mcp_servers where owner_user_id is null)`;
  }
  return sql`${runs}
    union all
    select tool_name, coalesce(server_name, ''), status = 'success', duration_ms, error_code, occurred_at, 'client', user_id
      from tool_logs where occurred_at >= ${since.toISOString()}::timestamptz ${runUser}`;
}

export interface ToolInsightRow {
  tool: string;
  server: string;
  calls: number;
  successes: number;
  avg_ms: number | null;
  p50_ms: number | null;
  p95_ms: number | null;
  last_at: Date | string;
  service_calls: number;
  client_calls: number;
}

export function toolInsightRows(
  db: Database,
  filter: { since: Date; userId: string | null; tool?: string; server?: string; limit: number },
): Promise<ToolInsightRow[]> {
  const tool = filter.tool ? sql`and tool = ${filter.tool}` : sql``;
  // The caller names a server as it is shown; only their own rows can hold an owned key.
  const server = filter.server ? sql`and regexp_replace(server, ${SHOWN_SERVER_NAME_SQL_PATTERN}, '') = ${filter.server}` : sql``;
  return rawRows<ToolInsightRow>(
    db,
    sql`select tool, server, count(*)::int as calls, count(*) filter (where ok)::int as successes,
          round(avg(duration_ms))::int as avg_ms,
          round(percentile_cont(0.5) within group (order by duration_ms))::int as p50_ms,
          round(percentile_cont(0.95) within group (order by duration_ms))::int as p95_ms,
          max(at) as last_at,
          count(*) filter (where source = 'service')::int as service_calls,
          count(*) filter (where source = 'client')::int as client_calls
        from (${toolCalls(filter.since, filter.userId, { publicOnly: !filter.userId })}) calls
        where true ${tool} ${server}
        group by tool, server order by calls desc, tool limit ${filter.limit}`,
  );
}

export function toolErrorRows(db: Database, since: Date, userId: string | null) {
  return rawRows<{ tool: string; server: string; code: string; n: number }>(
    db,
    sql`select tool, server, coalesce(error_code, 'UNKNOWN') as code, count(*)::int as n
        from (${toolCalls(since, userId, { publicOnly: !userId })}) calls where not ok
        group by tool, server, code order by n desc`,
  );
}
