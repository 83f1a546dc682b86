import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { rawRows } from '../jobs/raw-rows.ts';
import { toolCalls } from './insights.ts';

type Count = { key: string; n: number };

/** The platform-wide aggregates of GET /mcp-analytics/analytics/dashboard. */
export async function dashboardRows(db: Database, since: Date) {
  const calls = sql`(${toolCalls(since, null)}) calls`;
  const [plans, newUsers, categories, custom, searches, executions, topServers, topTools, events, revenue] = await Promise.all([
    rawRows<Count>(db, sql`select plan as key, count(*)::int as n from users group by plan`),
    rawRows<{ n: number }>(db, sql`select count(*)::int as n from users where created_at >= ${since.toISOString()}::timestamptz`),
    rawRows<Count>(db, sql`select category as key, count(*)::int as n from mcp_servers where owner_user_id is null group by category`),
    rawRows<{ n: number }>(db, sql`select count(*)::int as n from mcp_servers where owner_user_id is not null`),
    rawRows<{ retrievals: number; logged: number; searchers: number }>(
      db,
      sql`select (select count(*) from query_events where created_at >= ${since.toISOString()}::timestamptz)::int as retrievals,
                 (select count(*) from query_logs where created_at >= ${since.toISOString()}::timestamptz)::int as logged,
                 (select count(distinct user_id) from query_events where created_at >= ${since.toISOString()}::timestamptz)::int as searchers`,
    ),
    rawRows<{ total: number; successes: number; service: number; client: number }>(
      db,
      sql`select count(*)::int as total, count(*) filter (where ok)::int as successes,
                 count(*) filter (where source = 'service')::int as service, count(*) filter (where source = 'client')::int as client from ${calls}`,
    ),
    rawRows<Count>(db, sql`select server as key, count(*)::int as n from ${calls} where server <> '' group by server order by n desc, server limit 10`),
    rawRows<Count>(db, sql`select tool as key, count(*)::int as n from ${calls} group by tool order by n desc, tool limit 10`),
    rawRows<Count>(db, sql`select event_type as key, count(*)::int as n from analytics_events where created_at >= ${since.toISOString()}::timestamptz group by event_type order by n desc limit 20`),
    rawRows<{ currency: string; orders: number; amount: number }>(
      db,
      sql`select currency, count(*)::int as orders, sum(amount)::bigint::float as amount from payment_orders where status = 'paid' and paid_at >= ${since.toISOString()}::timestamptz group by currency`,
    ),
  ]);
  return { plans, newUsers: newUsers[0]?.n ?? 0, categories, custom: custom[0]?.n ?? 0, searches: searches[0], executions: executions[0], topServers, topTools, events, revenue };
}
