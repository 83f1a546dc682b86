import { dashboardRows } from '../../../db/analytics/dashboard.ts';
import { searchTrendRows } from '../../../db/analytics/searches.ts';
import { serverAnalyticsRows } from '../../../db/analytics/server-analytics.ts';
import type { Database } from '../../../db/client.ts';
import { findServer } from '../../../db/analytics/servers.ts';
import { notFound } from '../../errors.ts';
import { iso, period, rate } from './period.ts';

const toMap = (rows: { key: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.key, r.n]));

/** GET /mcp-analytics/servers/{server_name}/analytics (admin). */
export async function serverAnalytics(db: Database, serverName: string, days: number) {
  if (!(await findServer(db, serverName))) throw notFound('SERVER_NOT_FOUND', `Server ${serverName} not found`);
  const { since, body } = period(days);
  const r = await serverAnalyticsRows(db, serverName, since);
  const total = r.executions?.total ?? 0;
  return {
    server_name: serverName,
    period: body,
    events: { total: r.byType.reduce((a, e) => a + e.n, 0), by_type: Object.fromEntries(r.byType.map((e) => [e.event_type, e.n])) },
    executions: { total, successes: r.executions?.successes ?? 0, success_rate: rate(r.executions?.successes ?? 0, total), avg_duration_ms: r.executions?.avg_ms ?? null },
    search_appearances: r.appearances,
    tool_selections: r.selections,
    enabled_by_users: r.enabledBy,
    unique_users: r.uniqueUsers,
    top_tools: r.topTools.map((t) => ({ tool: t.tool, executions: t.n })),
    daily: r.daily.map((d) => ({ date: d.day, events: d.events, executions: d.executions })),
  };
}

/** GET /mcp-analytics/analytics/dashboard (admin). */
export async function analyticsDashboard(db: Database, days: number) {
  const { since, body } = period(days);
  const r = await dashboardRows(db, since);
  const plans = toMap(r.plans);
  const exec = r.executions ?? { total: 0, successes: 0, service: 0, client: 0 };
  return {
    period: body,
    users: { total: r.plans.reduce((a, p) => a + p.n, 0), by_plan: { free: plans.free ?? 0, pro: plans.pro ?? 0, enterprise: plans.enterprise ?? 0 }, new_in_period: r.newUsers },
    servers: { registry: r.categories.reduce((a, c) => a + c.n, 0), custom: r.custom, by_category: toMap(r.categories) },
    searches: { retrievals: r.searches?.retrievals ?? 0, logged_queries: r.searches?.logged ?? 0, unique_searchers: r.searches?.searchers ?? 0 },
    executions: { total: exec.total, success_rate: rate(exec.successes, exec.total), by_service: exec.service, reported_by_clients: exec.client },
    top_servers: r.topServers.map((s) => ({ server: s.key, executions: s.n })),
    top_tools: r.topTools.map((t) => ({ tool: t.key, executions: t.n })),
    events_by_type: toMap(r.events),
    revenue: r.revenue.map((x) => ({ currency: x.currency, paid_orders: x.orders, amount: x.amount })),
  };
}

/** GET /mcp-analytics/analytics/search-trends (admin). Queries are compared lower-cased with spaces collapsed. */
export async function searchTrends(db: Database, days: number, limit: number) {
  const { since, body } = period(days);
  const r = await searchTrendRows(db, since, limit);
  return {
    period: body,
    total_searches: r.totals?.total ?? 0,
    unique_queries: r.totals?.unique_queries ?? 0,
    unique_searchers: r.totals?.searchers ?? 0,
    top_queries: r.top.map((q) => ({ query: q.query, count: q.n, last_searched_at: iso(q.last_at), avg_results: q.avg_results })),
    zero_result_queries: r.zero.map((q) => ({ query: q.query, count: q.n })),
    daily: r.daily.map((d) => ({ date: d.day, searches: d.n })),
    by_origin: { retrieval: 0, query_log: 0, tracked: 0, ...Object.fromEntries(r.origins.map((o) => [o.origin, o.n])) },
  };
}
