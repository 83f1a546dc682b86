import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { createIndexingActivities } from '../../activities/retrieval/index.ts';
import type { Database } from '../../db/client.ts';
import { mcpServers, tools } from '../../db/schema/index.ts';
import { ElasticsearchBackend } from '../../search/backends/elasticsearch.ts';
import { createLogger } from '../../platform/logger.ts';
import { createTestApp } from '../support/test-app.ts';

export type BackendName = 'embedded' | 'elasticsearch';

/**
 * Both index backends run every discovery test (issue 4: "the same test suite runs against
 * both"); TEST_SEARCH_BACKENDS=embedded (or elasticsearch) narrows a local run to one.
 */
export const BACKENDS: BackendName[] = (process.env.TEST_SEARCH_BACKENDS ?? 'embedded,elasticsearch')
  .split(',')
  .filter((b): b is BackendName => b === 'embedded' || b === 'elasticsearch');

/** A test app on the given backend; Elasticsearch gets an index of its own, deleted on close. */
export async function discoveryApp(backend: BackendName, options: { logger?: Logger; worker?: boolean; env?: Record<string, string>; database?: 'pglite' } = {}) {
  const own: Record<string, string> = backend === 'elasticsearch' ? { SEARCH_BACKEND: 'elasticsearch', ELASTICSEARCH_INDEX: `sbtest-${randomBytes(5).toString('hex')}` } : {};
  const t = await createTestApp({ ...options, env: { ...options.env, ...own } });
  return {
    ...t,
    async close() {
      const es = t.search.engine.backend;
      if (es instanceof ElasticsearchBackend) await es.destroy();
      await t.close();
    },
  };
}

export type DiscoveryApp = Awaited<ReturnType<typeof discoveryApp>>;

interface FixtureTool {
  name: string;
  description: string;
  params?: Record<string, string>;
}

/** A small public catalog: distinct domains so that the right answer of a query is unambiguous. */
export const CATALOG: Record<string, { category: 'development' | 'communication' | 'databases' | 'custom'; tools: FixtureTool[] }> = {
  weather: {
    category: 'custom',
    tools: [
      { name: 'get_forecast', description: 'Get the weather forecast for a city for the next days', params: { city: 'City name', days: 'Number of days' } },
      { name: 'get_current_weather', description: 'Current temperature, wind and humidity at a location', params: { location: 'Place' } },
    ],
  },
  github: {
    category: 'development',
    tools: [
      { name: 'create_issue', description: 'Create a new issue in a GitHub repository', params: { repo: 'owner/name', title: 'Issue title', body: 'Issue text' } },
      { name: 'list_pull_requests', description: 'List open pull requests of a repository', params: { repo: 'owner/name' } },
      { name: 'search_code', description: 'Search source code across GitHub repositories', params: { query: 'Search terms' } },
    ],
  },
  slack: {
    category: 'communication',
    tools: [
      { name: 'send_message', description: 'Send a chat message to a Slack channel', params: { channel: 'Channel id', text: 'Message text' } },
      { name: 'list_channels', description: 'List the channels of a Slack workspace' },
    ],
  },
  postgres: {
    category: 'databases',
    tools: [
      { name: 'run_query', description: 'Run a read-only SQL query against a PostgreSQL database', params: { sql: 'SQL statement' } },
      { name: 'list_tables', description: 'List the tables of a database schema', params: { schema: 'Schema name' } },
    ],
  },
};

export const schemaOf = (params: Record<string, string> = {}) => ({
  type: 'object',
  properties: Object.fromEntries(Object.entries(params).map(([k, d]) => [k, { type: 'string', description: d }])),
});

/** Writes servers and tools the way the registry sync does, then runs the registry indexing hook. */
export async function seedRegistry(
  db: Database,
  search: DiscoveryApp['search'],
  catalog: typeof CATALOG,
  owner: string | null = null,
): Promise<void> {
  for (const [server, entry] of Object.entries(catalog)) {
    // A launch we can run, so availability judges these tools ready: an entry with none is
    // `unsupported` and demoted (api/services/retrieval/availability.ts), which is not what these tests rank.
    const launch = { type: 'stdio', command: 'node', args: [`${server}.js`] };
    await db.insert(mcpServers).values({ name: server, displayName: server, category: entry.category, ownerUserId: owner, source: owner ? 'custom' : 'catalog', launch });
    await db.insert(tools).values(entry.tools.map((t) => ({ serverName: server, name: t.name, description: t.description, inputSchema: schemaOf(t.params) })));
  }
  await indexingActivities(db, search).indexTools({ servers: Object.keys(catalog) });
}

export function indexingActivities(db: Database, search: DiscoveryApp['search']) {
  return createIndexingActivities({ db, search, logger: createLogger('silent') });
}

export const toolCount = (catalog: typeof CATALOG) => Object.values(catalog).reduce((n, e) => n + e.tools.length, 0);
