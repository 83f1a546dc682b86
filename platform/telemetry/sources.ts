import type { Database } from '../../db/client.ts';
import { countJobsByStatus } from '../../db/jobs/job-counts.ts';
import { instanceServerName } from '../../domain/launch.ts';
import type { McpSessionPool } from '../../mcp/index.ts';
import type { SearchIndex } from '../../search/service/search-index.ts';
import { addJobStateSource, addMcpSessionSource, addSearchIndexSource, enableMetrics } from './metrics.ts';

/**
 * What a process's gauges read when scraped. API processes (with metrics on): jobs by state, one
 * GROUP BY over the job table; workers: their MCP pool and search index (nothing when
 * METRICS_ENABLED is off). Each returns the function that stops reading (the app or worker closing).
 */
export function watchApiMetrics(db: Database): () => void {
  enableMetrics();
  return addJobStateSource(db, async () => {
    const rows = await countJobsByStatus(db);
    return rows.map((row) => ({ labels: { state: row.status }, value: row.n }));
  });
}

export function watchWorkerMetrics(enabled: boolean, pool: McpSessionPool, search: SearchIndex): () => void {
  if (!enabled) return () => {};
  enableMetrics();
  const stops = [
    addMcpSessionSource(pool, async () => [...sessionsByServer(pool)].map(([server, n]) => ({ labels: { switchboard_server: server }, value: n }))),
    watchSearchIndex(search),
  ];
  return () => stops.forEach((stop) => stop());
}

/** Per-user instances (memory@<user>) count under their server: a label per user would grow without bound. */
function sessionsByServer(pool: McpSessionPool): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [key, n] of pool.openSessions()) {
    const server = instanceServerName(key);
    counts.set(server, (counts.get(server) ?? 0) + n);
  }
  return counts;
}

function watchSearchIndex(search: SearchIndex): () => void {
  return addSearchIndexSource(search, async () => [{ labels: { backend: search.kind }, value: await search.engine.backend.count() }]);
}
