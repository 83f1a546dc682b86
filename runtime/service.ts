import { openDatabase } from '../db/client.ts';
import { taskQueueName } from '../contracts/index.ts';
import type { Config } from '../platform/config.ts';
import type { Logger } from '../platform/logger.ts';
import { checkSandbox, preflight } from '../platform/preflight.ts';
import { startProcessTelemetry } from '../platform/telemetry/process.ts';
import { resolveSecrets } from '../platform/secrets.ts';
import { credentialCipherOf } from '../platform/credentials/cipher.ts';
import { resealCredentials } from '../platform/credentials/store.ts';
import { connectTemporal } from '../platform/temporal.ts';
import type { RunningWorker } from '../worker/run-worker.ts';
import { runWorker } from '../worker/run-worker.ts';
import { workflowBundle } from '../worker/create-worker.ts';
import { expectedCatalog } from '../activities/registry/expected-catalog.ts';
import { closeSharedEmbedders, sharedEmbedder } from '../search/service/create-search-index.ts';
import { startSearchIndex } from '../search/service/open-search-index.ts';
import { Readiness } from '../search/service/readiness.ts';
import { indexStore } from '../db/retrieval/index-store.ts';
import { catalogState } from '../db/retrieval/readiness.ts';
import { buildApp } from '../api/app.ts';
import { assembleAppDeps } from './app-deps.ts';
import { ensureRegistrySchedules, triggerRegistrySync } from '../api/services/registry/schedules.ts';

/** The first user and API key (README "First keys"). */
const FIRST_KEY_COMMAND = 'npm run cli -- users create --email you@example.com --plan pro';

/**
 * What a person starting the service needs next: where it answers and how to get a key. The
 * message is a block for a terminal; `ready` carries the same facts as fields for log readers
 * (the terminal printer leaves it out, platform/logger.ts).
 */
function readyBanner(config: Config, url: string, tools: number, seconds: number): [{ ready: Record<string, string | number> }, string] {
  const ready: Record<string, string> = {
    api: url,
    docs: `${url}/docs`,
    ...(config.mode === 'embedded' && !config.TEMPORAL_ADDRESS ? { temporal_ui: `http://127.0.0.1:${config.TEMPORAL_UI_PORT}` } : {}),
    first_user_and_key: FIRST_KEY_COMMAND,
  };
  const labels: Record<string, string> = { api: 'API', docs: 'API reference', temporal_ui: 'Temporal UI', first_user_and_key: 'first user and key' };
  const lines = Object.entries(ready).map(([key, value]) => `  ${labels[key]!.padEnd(20)}${value}`);
  return [{ ready: { ...ready, tools, seconds } }, [`Switchboard is ready: ${tools} tools searchable, ${seconds} s after start`, ...lines].join('\n')];
}

/**
 * A rotation's re-seal pass (docs/operators.md, "Rotating the credentials key"): while an old
 * key is still configured, every credential sealed with it is sealed again with the current
 * one, beside the start-up. Safe on several replicas at once (each row is replaced only if
 * unchanged). Never throws: a failure is logged and the next start tries again.
 */
async function resealOnStart(config: Config, secrets: { credentialsKey: string }, db: Parameters<typeof resealCredentials>[0], logger: Logger): Promise<void> {
  if (!config.CREDENTIALS_PREVIOUS_KEYS.length) return;
  const cipher = credentialCipherOf(config, secrets);
  try {
    const report = await resealCredentials(db, cipher);
    if (report.unreadable) logger.warn({ ...report, key_id: cipher.keyId }, 'some stored credentials open with no configured key: they stay as they are');
    else logger.info({ ...report, key_id: cipher.keyId }, 'stored credentials sealed with the current CREDENTIALS_KEY; CREDENTIALS_PREVIOUS_KEYS may now be removed');
  } catch (err) {
    logger.error({ err }, 'stored credentials could not be re-sealed; the next start tries again');
  }
}

/**
 * Starts the API (and, in the embedded mode, the worker in the same process) and returns
 * the graceful stop: HTTP drains first, then the worker finishes its activities, then
 * Temporal and the database close.
 */
export async function startService(config: Config, logger: Logger, options: { withWorker: boolean }) {
  // Taken ports, an unwritable DATA_DIR or a missing model stop us here, before anything long starts.
  await preflight(config, { api: true, worker: options.withWorker });
  // One line when catalog servers cannot run here; the probe's bwrap run overlaps the start.
  if (options.withWorker) checkSandbox(logger).catch(() => {});
  const secrets = resolveSecrets(config);
  // Traces and metrics first: the Temporal client takes the tracing interceptor when it is made.
  const stopTelemetry = await startProcessTelemetry(config, logger);
  if (secrets.file) logger.info({ file: secrets.file }, 'admin key, JWT secret and credentials key kept in the data folder');
  const started = performance.now();
  // The dev server is a process of its own: it starts while this one opens and migrates the
  // database (PGlite is WebAssembly on this thread). The catch only keeps a failure from being
  // unhandled before it is awaited below.
  const temporalStarting = connectTemporal(config, logger);
  temporalStarting.catch(() => {});
  // The workflow bundle (read from .cache/, or built by webpack when a workflow changed) is ready
  // long before the worker is created; errors surface when the worker awaits it.
  if (options.withWorker) workflowBundle(logger).catch(() => {});
  // The model (ONNX, its own threads) loads while PGlite opens and migrates on this one.
  sharedEmbedder().catch(() => {});
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const resealing = resealOnStart(config, secrets, database.db, logger);
  // Embedded mode: one index in this process, shared by the API and the in-process worker. Its
  // model load and build overlap the Temporal start.
  const opening = startSearchIndex(config, indexStore(database.db), logger, { watch: !options.withWorker || config.searchBackend === 'elasticsearch' });
  opening.catch(() => {});
  const temporal = await temporalStarting;
  const taskQueue = taskQueueName(config.TASK_QUEUE_PREFIX);
  const { search, filled } = await opening;
  filled.catch(() => {});
  // The worker is built (native, off this thread) while the index fills here, and polls only
  // once it is filled: no activity reads or writes a half-built index.
  const workerStarting = options.withWorker ? runWorker({ config, db: database.db, temporal, taskQueue, logger, search, pollAfter: filled }) : undefined;
  workerStarting?.catch(() => {});
  const readiness = new Readiness({ catalog: catalogState(database.db, () => expectedCatalog(config.DATA_DIR)), search });
  // Schedules before the app is built: a first boot's registry sync starts a moment sooner.
  const schedules = await ensureRegistrySchedules(temporal.client, taskQueue, logger, { upstreamUrl: config.MCP_REGISTRY_UPSTREAM_URL });
  const app = await buildApp(assembleAppDeps({ config, secrets, db: database.db, temporal, taskQueue, search, logger, readiness }), logger);
  await filled;
  if (!schedules.created.length && (await readiness.report()).status === 'starting') {
    // The Schedule exists but the database lacks the current catalog: sync now, not at the next interval.
    logger.info('the database does not hold the current bundled catalog: registry sync started');
    await triggerRegistrySync(temporal.client, taskQueue);
  }
  const worker: RunningWorker | undefined = await workerStarting;
  await app.listen({ host: config.HOST, port: config.PORT });
  const url = `http://${config.HOST}:${config.PORT}`;
  logger.info({ mode: config.mode, url, temporal: temporal.address }, 'switchboard listening; GET /health/ready answers 200 once the tool index is complete');
  const unfollow = readiness.follow(logger, (report) => {
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    logger.info(...readyBanner(config, url, report.search.total, seconds));
  });

  return async function stop() {
    logger.info('shutting down: draining requests');
    unfollow();
    await app.close();
    await worker?.stop();
    await search.close();
    await closeSharedEmbedders();
    await temporal.close();
    await resealing;
    await database.close();
    await stopTelemetry();
    logger.info('stopped');
  };
}
