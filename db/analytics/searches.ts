import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { rawRows } from '../jobs/raw-rows.ts';

/**
 * Every search we know of: authenticated retrievals (query_events), queries clients logged
 * (query_logs) and tracked "search" analytics events; `results` is null when unknown.
 */
function searches(since: Date) {
  return sql`(
    select lower(btrim(regexp_replace(query, '\\s+', ' ', 'g'))) as q, created_at as at, 'retrieval' as origin, jsonb_array_length(retrieved_tools) as results, user_id::text as who
      from query_events where created_at >= ${since.toISOString()}::timestamptz
    union all
    select lower(btrim(regexp_replace(query, '\\s+', ' ', 'g'))), created_at, 'query_log', results_count, user_id::text from query_logs where created_at >= ${since.toISOString()}::timestamptz
    union all
    select lower(btrim(regexp_replace(query, '\\s+', ' ', 'g'))), created_at, 'tracked', null, coalesce(user_id::text, session_id)
      from analytics_events where event_type = 'search' and query is not null and created_at >= ${since.toISOString()}::timestamptz
  ) s`;
}

export async function searchTrendRows(db: Database, since: Date, limit: number) {
  const [totals, top, daily, zero, origins] = await Promise.all([
    rawRows<{ total: number; unique_queries: number; searchers: number }>(
      db,
      sql`select count(*)::int as total, count(distinct q)::int as unique_queries, count(distinct who)::int as searchers from ${searches(since)} where q <> ''`,
    ),
    rawRows<{ query: string; n: number; last_at: Date | string; avg_results: number | null }>(
      db,
      sql`select q as query, count(*)::int as n, max(at) as last_at, round(avg(results), 2)::float as avg_results
          from ${searches(since)} where q <> '' group by q order by n desc, max(at) desc limit ${limit}`,
    ),
    rawRows<{ day: string; n: number }>(
      db,
      sql`select to_char(date_trunc('day', at), 'YYYY-MM-DD') as day, count(*)::int as n from ${searches(since)} group by 1 order by 1`,
    ),
    rawRows<{ query: string; n: number }>(
      db,
      sql`select q as query, count(*)::int as n from ${searches(since)} where results = 0 and q <> '' group by q order by n desc, q limit ${limit}`,
    ),
    rawRows<{ origin: string; n: number }>(db, sql`select origin, count(*)::int as n from ${searches(since)} group by origin`),
  ]);
  return { totals: totals[0], top, daily, zero, origins };
}
