import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { rawRows } from '../jobs/raw-rows.ts';
import { toolCalls } from './insights.ts';

/** Aggregates behind GET /mcp-analytics/servers/{server_name}/analytics, each one grouped query. */
export async function serverAnalyticsRows(db: Database, server: string, since: Date) {
  const calls = sql`(${toolCalls(since, null)}) calls where server = ${server}`;
  const [byType, daily, executions, topTools, appearances, selections, enabled, users] = await Promise.all([
    rawRows<{ event_type: string; n: number }>(
      db,
      sql`select event_type, count(*)::int as n from analytics_events where server_name = ${server} and created_at >= ${since.toISOString()}::timestamptz group by event_type order by n desc`,
    ),
    rawRows<{ day: string; events: number; executions: number }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, sum(events)::int as events, sum(executions)::int as executions from (
            select date_trunc('day', created_at) as day, 1 as events, 0 as executions from analytics_events where server_name = ${server} and created_at >= ${since.toISOString()}::timestamptz
            union all select date_trunc('day', at), 0, 1 from ${calls}) d group by day order by day`,
    ),
    rawRows<{ total: number; successes: number; avg_ms: number | null }>(
      db,
      sql`select count(*)::int as total, count(*) filter (where ok)::int as successes, round(avg(duration_ms))::int as avg_ms from ${calls}`,
    ),
    rawRows<{ tool: string; n: number }>(db, sql`select tool, count(*)::int as n from ${calls} group by tool order by n desc, tool limit 10`),
    rawRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from query_events where created_at >= ${since.toISOString()}::timestamptz and retrieved_tools @> jsonb_build_array(jsonb_build_object('server', ${server}::text))`,
    ),
    rawRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from tool_selections where server = ${server} and action = 'selected' and created_at >= ${since.toISOString()}::timestamptz`,
    ),
    rawRows<{ n: number }>(db, sql`select count(*)::int as n from user_servers where server_name = ${server} and enabled`),
    rawRows<{ n: number }>(
      db,
      sql`select count(distinct user_id)::int as n from (
            select user_id from analytics_events where server_name = ${server} and created_at >= ${since.toISOString()}::timestamptz
            union all select user_id from ${calls}) u where user_id is not null`,
    ),
  ]);
  return {
    byType,
    daily,
    executions: executions[0],
    topTools,
    appearances: appearances[0]?.n ?? 0,
    selections: selections[0]?.n ?? 0,
    enabledBy: enabled[0]?.n ?? 0,
    uniqueUsers: users[0]?.n ?? 0,
  };
}
