import { z } from 'zod';
import { periodSchema } from './schemas.ts';

const int = z.number().int();
const counts = z.record(z.string(), int);

export const serverAnalyticsSchema = z.object({
  server_name: z.string(),
  period: periodSchema,
  events: z.object({ total: int, by_type: counts }),
  executions: z.object({ total: int, successes: int, success_rate: z.number().nullable(), avg_duration_ms: z.number().nullable() }),
  search_appearances: int,
  tool_selections: int,
  enabled_by_users: int,
  unique_users: int,
  top_tools: z.array(z.object({ tool: z.string(), executions: int })),
  daily: z.array(z.object({ date: z.string(), events: int, executions: int })),
});

export const dashboardSchema = z.object({
  period: periodSchema,
  users: z.object({ total: int, by_plan: z.object({ free: int, pro: int, enterprise: int }), new_in_period: int }),
  servers: z.object({ registry: int, custom: int, by_category: counts }),
  searches: z.object({ retrievals: int, logged_queries: int, unique_searchers: int }),
  executions: z.object({ total: int, success_rate: z.number().nullable(), by_service: int, reported_by_clients: int }),
  top_servers: z.array(z.object({ server: z.string(), executions: int })),
  top_tools: z.array(z.object({ tool: z.string(), executions: int })),
  events_by_type: counts,
  revenue: z.array(z.object({ currency: z.string(), paid_orders: int, amount: z.number() })),
});

export const searchTrendsSchema = z.object({
  period: periodSchema,
  total_searches: int,
  unique_queries: int,
  unique_searchers: int,
  top_queries: z.array(z.object({ query: z.string(), count: int, last_searched_at: z.string().nullable(), avg_results: z.number().nullable() })),
  zero_result_queries: z.array(z.object({ query: z.string(), count: int })),
  daily: z.array(z.object({ date: z.string(), searches: int })),
  by_origin: z.object({ retrieval: int, query_log: int, tracked: int }),
});
