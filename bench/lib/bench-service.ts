import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { buildApp } from '../../api/app.ts';
import { assembleAppDeps } from '../../runtime/app-deps.ts';
import { taskQueueName } from '../../contracts/index.ts';
import { openDatabase } from '../../db/client.ts';
import { loadConfig } from '../../platform/config.ts';
import { createLogger } from '../../platform/logger.ts';
import { connectTemporal } from '../../platform/temporal.ts';
import { ElasticsearchBackend } from '../../search/backends/elasticsearch.ts';
import { openSearchIndex } from '../../search/service/open-search-index.ts';
import { indexStore } from '../../db/retrieval/index-store.ts';
import { runWorker } from '../../worker/run-worker.ts';

const ADMIN_KEY = 'bench-admin-key-0123456789abcdef';

/**
 * The production shape of the service for a benchmark, on a real port: a fresh Postgres
 * database, the Temporal server at TEMPORAL_ADDRESS, a worker, and the chosen search backend
 * (Elasticsearch on an index of its own). Assembled as runtime/service.ts does, so the bench also
 * holds the retrieval service for server-side timings.
 */
export async function startBenchService(backend: 'embedded' | 'elasticsearch', port: number, options: { pglite?: boolean } = {}) {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://switchboard:switchboard@127.0.0.1:5432/postgres';
  const name = `sbbench_${randomBytes(5).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const config = loadConfig({
    DATABASE_URL: url.toString(),
    TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
    SEARCH_BACKEND: backend,
    ELASTICSEARCH_URL: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200',
    ELASTICSEARCH_INDEX: `sbbench-${randomBytes(5).toString('hex')}`,
    ADMIN_KEY,
    JWT_SECRET: randomBytes(24).toString('hex'),
    CREDENTIALS_KEY: randomBytes(32).toString('base64'),
    TASK_QUEUE_PREFIX: `b${randomBytes(4).toString('hex')}-`,
    LOG_LEVEL: 'warn',
    PORT: String(port),
    DATA_DIR: `.cache/bench-data/${name}`,
  });
  const logger = createLogger(config.LOG_LEVEL);
  // --database pglite: the embedded default's database (in-process WebAssembly Postgres in DATA_DIR) under the same service.
  const handle = openDatabase({ url: options.pglite ? undefined : config.DATABASE_URL, dataDir: config.DATA_DIR, maxConnections: 10 });
  await handle.migrate();
  const temporal = await connectTemporal(config, logger);
  const taskQueue = taskQueueName(config.TASK_QUEUE_PREFIX);
  const search = await openSearchIndex(config, indexStore(handle.db), logger);
  const worker = await runWorker({ config, db: handle.db, temporal, taskQueue, logger, search });
  const secrets = { adminKey: ADMIN_KEY, jwtSecret: config.JWT_SECRET!, credentialsKey: config.CREDENTIALS_KEY! };
  const deps = assembleAppDeps({ config, secrets, db: handle.db, temporal, taskQueue, search, logger });
  const app = await buildApp(deps, logger);
  await app.listen({ host: '127.0.0.1', port });
  return {
    url: `http://127.0.0.1:${port}`,
    headers: { 'x-admin-key': ADMIN_KEY },
    /** Elasticsearch alias of this run (the bench force-merges it before measuring). */
    esIndex: config.ELASTICSEARCH_INDEX,
    esUrl: config.ELASTICSEARCH_URL!,
    /** The service's data folder: `<dataDir>/catalog/servers.json` replaces the bundled catalog (bench/registry-scale.ts). */
    dataDir: config.DATA_DIR,
    db: handle.db,
    /** The Temporal client and task queue of this run (bench/retrieve.ts runs the registry sync through them). */
    temporal: { client: temporal.client, taskQueue },
    retrieval: deps.retrieval,
    search,
    async close() {
      await app.close();
      await worker.stop();
      const es = search.engine.backend;
      if (es instanceof ElasticsearchBackend) await es.destroy();
      await search.close();
      await temporal.close();
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
