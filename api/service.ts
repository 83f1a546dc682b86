import { openDatabase } from '../db/client.ts';
import { taskQueueName } from '../contracts/index.ts';
import type { Config } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import { preflight } from '../lib/preflight.ts';
import { resolveSecrets } from '../lib/secrets.ts';
import { connectTemporal } from '../lib/temporal.ts';
import type { RunningWorker } from '../worker/run-worker.ts';
import { runWorker } from '../worker/run-worker.ts';
import { openSearchIndex } from '../search/service/open-search-index.ts';
import { buildApp } from './app.ts';
import { assembleAppDeps } from './app-deps.ts';
import { ensureRegistrySchedules } from './services/registry/schedules.ts';

/**
 * Starts the API (and, in the embedded mode, the worker in the same process) and returns
 * the graceful stop: HTTP drains first, then the worker finishes its activities, then
 * Temporal and the database close.
 */
export async function startService(config: Config, logger: Logger, options: { withWorker: boolean }) {
  // Taken ports, an unwritable DATA_DIR or a missing model stop us here, before anything long starts.
  await preflight(config, { api: true, worker: options.withWorker });
  const secrets = resolveSecrets(config);
  if (secrets.file) logger.info({ file: secrets.file }, 'admin key and JWT secret kept in the data folder');
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  // Embedded mode: one index in this process, shared by the API and the in-process worker. Its
  // model load and build overlap the Temporal start; the catch only keeps a failure of that
  // start from leaving the promise unhandled (it is awaited below).
  const opening = openSearchIndex(config, database.db, logger, { watch: !options.withWorker || config.searchBackend === 'elasticsearch' });
  opening.catch(() => {});
  const temporal = await connectTemporal(config, logger);
  const taskQueue = taskQueueName(config.TASK_QUEUE_PREFIX);
  const search = await opening;
  let worker: RunningWorker | undefined;
  if (options.withWorker) worker = await runWorker({ config, db: database.db, temporal, taskQueue, logger, search });
  const app = await buildApp(assembleAppDeps({ config, secrets, db: database.db, temporal, taskQueue, search, logger }), logger);
  await ensureRegistrySchedules(temporal.client, taskQueue, logger, { upstreamUrl: config.MCP_REGISTRY_UPSTREAM_URL });
  await app.listen({ host: config.HOST, port: config.PORT });
  logger.info({ mode: config.mode, url: `http://${config.HOST}:${config.PORT}`, temporal: temporal.address }, 'switchboard ready');

  return async function stop() {
    logger.info('shutting down: draining requests');
    await app.close();
    await worker?.stop();
    await search.close();
    await temporal.close();
    await database.close();
    logger.info('stopped');
  };
}
