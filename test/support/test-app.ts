import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { buildApp } from '../../api/app.ts';
import { taskQueueName } from '../../contracts/index.ts';
import { createAccount } from '../../db/accounts.ts';
import { openDatabase } from '../../db/client.ts';
import type { Plan, Role } from '../../db/schema/index.ts';
import { loadConfig } from '../../lib/config.ts';
import { createEventPublisher } from '../../lib/event-publisher.ts';
import { healthChecks } from '../../lib/health-checks.ts';
import { createLogger } from '../../lib/logger.ts';
import { connectTemporal } from '../../lib/temporal.ts';
import { runWorker } from '../../worker/run-worker.ts';
import { createRetrievalService } from '../../api/services/retrieval/index.ts';
import type { Logger } from '../../lib/logger.ts';
import { openSearchIndex } from '../../search/service/open-search-index.ts';

export const TEST_ADMIN_KEY = 'test-admin-key-0123456789abcdef';
export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789abcdef0123456789';

const adminUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://switchboard:switchboard@127.0.0.1:5432/postgres';

/** A fresh Postgres database for one test file, dropped by the returned function. */
export async function freshDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sbtest_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = postgres(adminUrl(), { max: 1, onnotice: () => {} });
      await again.unsafe(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

/**
 * The whole service for a test file: a fresh Postgres database, the shared Temporal server
 * with a task queue of its own, a real worker (unless `worker: false`) and the Fastify app
 * for `inject`. Nothing is mocked.
 */
export async function createTestApp(options: { env?: Record<string, string>; worker?: boolean; logger?: Logger } = {}) {
  const database = await freshDatabaseUrl();
  const config = loadConfig({
    DATABASE_URL: database.url,
    TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
    ELASTICSEARCH_URL: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200',
    SEARCH_BACKEND: 'embedded',
    ADMIN_KEY: TEST_ADMIN_KEY,
    JWT_SECRET: TEST_JWT_SECRET,
    TASK_QUEUE_PREFIX: `t${randomBytes(4).toString('hex')}-`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: `.cache/test-data/${randomBytes(4).toString('hex')}`,
    ...options.env,
  });
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const handle = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, maxConnections: 5 });
  await handle.migrate();
  const temporal = await connectTemporal(config, logger);
  const taskQueue = taskQueueName(config.TASK_QUEUE_PREFIX);
  // SEARCH_BACKEND=elasticsearch with a unique ELASTICSEARCH_INDEX runs the same tests on Elasticsearch.
  const search = await openSearchIndex(config, handle.db, logger);
  const worker = options.worker === false ? undefined : await runWorker({ config, db: handle.db, temporal, taskQueue, logger, search });
  const secrets = { adminKey: TEST_ADMIN_KEY, jwtSecret: TEST_JWT_SECRET };
  const retrieval = createRetrievalService({ db: handle.db, search, temporal: { client: temporal.client, taskQueue }, logger });
  const app = await buildApp(
    {
      config,
      secrets,
      db: handle.db,
      temporal: { client: temporal.client, taskQueue },
      healthChecks: healthChecks(config, handle.db, temporal, search),
      events: createEventPublisher(handle.db, { client: temporal.client, taskQueue }),
      retrieval,
    },
    logger,
  );
  await app.ready();

  return {
    app,
    db: handle.db,
    config,
    temporal,
    taskQueue,
    search,
    retrieval,
    adminHeaders: { 'x-admin-key': TEST_ADMIN_KEY },
    /** A user with an API key; `headers` authenticate as that user. */
    async createUser(input: { plan?: Plan; role?: Role; email?: string } = {}) {
      const email = input.email ?? `u${randomBytes(5).toString('hex')}@example.test`;
      const { user, apiKey } = await createAccount(handle.db, { email, plan: input.plan, role: input.role });
      return { user, apiKey, headers: { authorization: `Bearer ${apiKey}` } };
    },
    async close() {
      await app.close();
      await worker?.stop();
      await search.close();
      await temporal.close();
      await handle.close();
      await database.drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
