import type { Database } from '../db/client.ts';
import { pingDatabase } from '../db/ping.ts';
import { elasticsearchAuthHeaders } from '../search/service/elasticsearch-auth.ts';
import type { Config } from './config.ts';
import type { TemporalHandle } from './temporal.ts';

/** The dependency probes behind GET /health: database, Temporal and the search backend. */
export function healthChecks(
  config: Config,
  db: Database,
  temporal: TemporalHandle,
  /** The process's search index: the probe asks its backend (Elasticsearch or in-process). */
  search?: { probe(): Promise<void> },
): Record<string, () => Promise<unknown>> {
  return {
    database: () => pingDatabase(db),
    temporal: () => temporal.client.connection.workflowService.getSystemInfo({}),
    search: async () => {
      if (search) return search.probe();
      if (config.searchBackend !== 'elasticsearch') return;
      const response = await fetch(new URL('/_cluster/health', config.ELASTICSEARCH_URL), { headers: elasticsearchAuthHeaders(config) });
      const body = (await response.json()) as { status?: string };
      if (!response.ok || body.status === 'red') throw new Error(`elasticsearch status ${body.status ?? response.status}`);
    },
  };
}
