import { rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../api/app.ts';
import { assembleAppDeps } from '../../runtime/app-deps.ts';
import { taskQueueName } from '../../contracts/index.ts';
import { createAccount } from '../../db/accounts.ts';
import { openDatabase } from '../../db/client.ts';
import type { Plan, Role } from '../../db/schema/index.ts';
import { loadConfig } from '../../platform/config.ts';
import { createEventPublisher } from '../../platform/event-publisher.ts';
import { createLogger } from '../../platform/logger.ts';
import { connectTemporal } from '../../platform/temporal.ts';
import { runWorker } from '../../worker/run-worker.ts';
import { createTestDatabase } from './database.ts';
import { elasticsearchUrl, temporalAddress } from './services.ts';
import type { Logger } from '../../platform/logger.ts';
import { openSearchIndex } from '../../search/service/open-search-index.ts';
import { indexStore } from '../../db/retrieval/index-store.ts';
import type { LookupFunction } from '../../mcp/index.ts';

export const TEST_ADMIN_KEY = 'test-admin-key-0123456789abcdef';
export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789abcdef0123456789';
/** 32 bytes in base64: the credential store's key in every test service. */
export const TEST_CREDENTIALS_KEY = Buffer.from('test-credentials-key-0123456789a').toString('base64');

/**
 * The whole service for a test file: a fresh Postgres database, the shared Temporal server
 * with a task queue of its own, a real worker (unless `worker: false`) and the Fastify app
 * for `inject`. Nothing is mocked.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    worker?: boolean;
    logger?: Logger;
    /** A stand-in for DNS behind the API's URL checks (a record that changes later); the worker resolves for real. */
    dnsLookup?: LookupFunction;
    /** The clock of the rate-limit windows (AppDeps.now), shared with replica(): a test sets the time instead of waiting out a window's edge. */
    now?: () => number;
    /** 'pglite': the embedded default's database (in-process, in DATA_DIR) instead of a fresh Postgres database. */
    database?: 'pglite';
  } = {},
) {
  const database = await createTestDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    TEMPORAL_ADDRESS: temporalAddress(),
    ELASTICSEARCH_URL: elasticsearchUrl(),
    SEARCH_BACKEND: 'embedded',
    ADMIN_KEY: TEST_ADMIN_KEY,
    JWT_SECRET: TEST_JWT_SECRET,
    CREDENTIALS_KEY: TEST_CREDENTIALS_KEY,
    TASK_QUEUE_PREFIX: `t${randomBytes(4).toString('hex')}-`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: `.cache/test-data/${randomBytes(4).toString('hex')}`,
    ...options.env,
  });
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const handle = openDatabase({ url: options.database === 'pglite' ? undefined : config.DATABASE_URL, dataDir: config.DATA_DIR, maxConnections: 5 });
  await handle.migrate();
  const temporal = await connectTemporal(config, logger);
  const taskQueue = taskQueueName(config.TASK_QUEUE_PREFIX);
  // SEARCH_BACKEND=elasticsearch with a unique ELASTICSEARCH_INDEX runs the same tests on Elasticsearch.
  const search = await openSearchIndex(config, indexStore(handle.db), logger);
  const worker = options.worker === false ? undefined : await runWorker({ config, db: handle.db, temporal, taskQueue, logger, search });
  const secrets = { adminKey: TEST_ADMIN_KEY, jwtSecret: TEST_JWT_SECRET, credentialsKey: config.CREDENTIALS_KEY ?? TEST_CREDENTIALS_KEY };
  const deps = assembleAppDeps({ config, secrets, db: handle.db, temporal, taskQueue, search, logger, dnsLookup: options.dnsLookup, now: options.now });
  const app = await buildApp(deps, logger);
  await app.ready();

  return {
    app,
    db: handle.db,
    config,
    temporal,
    taskQueue,
    search,
    retrieval: deps.retrieval,
    adminHeaders: { 'x-admin-key': TEST_ADMIN_KEY },
    /** A user with an API key; `headers` authenticate as that user. */
    async createUser(input: { plan?: Plan; role?: Role; email?: string } = {}) {
      const email = input.email ?? `u${randomBytes(5).toString('hex')}@example.test`;
      const { user, apiKey } = await createAccount(handle.db, { email, plan: input.plan, role: input.role });
      return { user, apiKey, headers: { authorization: `Bearer ${apiKey}` } };
    },
    /**
     * Another API replica on the same database and Temporal, without a worker: what a second
     * `npm run api` process sees (counters, leases and caps shared through the database).
     * The caller closes it.
     */
    replica() {
      return buildApp(
        { config, secrets, db: handle.db, temporal: { client: temporal.client, taskQueue }, healthChecks: {}, events: createEventPublisher(handle.db), now: options.now },
        createLogger('silent'),
      );
    },
    async close() {
      await app.close();
      await worker?.stop();
      await search.close();
      await temporal.close();
      await handle.close();
      await database.drop();
      if (options.database === 'pglite') rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
