import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { toolRuns } from '../schema/index.ts';
import { rawRows } from './raw-rows.ts';

export async function recordToolRun(db: Database, run: typeof toolRuns.$inferInsert): Promise<void> {
  await toolRunInsert(db, run);
}

/** The history row's insert as a statement, to run inside another (storeEvents' `alongside`); a retry writes nothing. */
export function toolRunInsert(db: Database, run: typeof toolRuns.$inferInsert) {
  return db.insert(toolRuns).values(run).onConflictDoNothing({ target: toolRuns.executionId });
}

export interface ToolRunStats {
  runs: number;
  successes: number;
  failures: number;
  /** successes / runs; undefined without history (callers pick their own prior). */
  successRate: number | undefined;
  avgDurationMs: number | undefined;
}

/**
 * Success and duration figures per tool over its recorded runs, keyed `server/tool`.
 * Retrieval ranking reads `successRate`; tools without runs are absent from the map.
 */
export async function toolRunStats(db: Database, tools?: Array<{ server: string; tool: string }>): Promise<Map<string, ToolRunStats>> {
  const filter = tools?.length
    ? sql`where (server, tool) in (${sql.join(
        tools.map((t) => sql`(${t.server}, ${t.tool})`),
        sql`, `,
      )})`
    : sql``;
  const rows = await rawRows<{ server: string; tool: string; runs: number; successes: number; avg_ms: number | null }>(db, sql`
    select server, tool, count(*)::int as runs,
      count(*) filter (where status = 'completed')::int as successes,
      avg(duration_ms)::float as avg_ms
    from tool_runs ${filter} group by server, tool
  `);
  const stats = new Map<string, ToolRunStats>();
  for (const r of rows) {
    stats.set(`${r.server}/${r.tool}`, {
      runs: r.runs,
      successes: r.successes,
      failures: r.runs - r.successes,
      successRate: r.runs ? r.successes / r.runs : undefined,
      avgDurationMs: r.avg_ms ?? undefined,
    });
  }
  return stats;
}

/**
 * Median duration of the tool's last 50 successful runs, rounded, or `fallback` without
 * history: an expression, so a job's insert computes its estimate in the same statement.
 */
export function typicalDurationMs(server: string, tool: string, fallback: number): SQL<number> {
  return sql<number>`coalesce((
    select round(percentile_cont(0.5) within group (order by recent.d))::int
    from (select ${toolRuns.durationMs} as d from ${toolRuns}
          where ${toolRuns.server} = ${server} and ${toolRuns.tool} = ${tool} and ${toolRuns.status} = 'completed'
          order by ${toolRuns.createdAt} desc limit 50) recent
  ), ${fallback}::int)`;
}
