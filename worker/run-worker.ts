import { createDocumentVectorStore } from '../db/retrieval/document-vectors.ts';
import { createActivities } from '../activities/index.ts';
import { paymentSettings } from '../activities/billing/index.ts';
import { llmSettings } from '../activities/agent/index.ts';
import type { Database } from '../db/client.ts';
import type { Config } from '../platform/config.ts';
import { packageStoreDir } from '../platform/config.ts';
import type { Logger } from '../platform/logger.ts';
import { McpSessionPool } from '../mcp/index.ts';
import { instanceServerName } from '../domain/launch.ts';
import { PackageStore } from '../package-store/index.ts';
import { probeSandbox } from '../sandbox/index.ts';
import { credentialCipherOf } from '../platform/credentials/cipher.ts';
import { resolveSecrets } from '../platform/secrets.ts';
import { DEFAULT_JOB_CONCURRENCY } from '../contracts/index.ts';
import { createEventPublisher } from '../platform/event-publisher.ts';
import { embeddingApi } from '../platform/embedding-api.ts';
import type { TemporalHandle } from '../platform/temporal.ts';
import { recordMcpLaunch } from '../platform/telemetry/metrics.ts';
import { watchWorkerMetrics } from '../platform/telemetry/sources.ts';
import { createSearchIndex } from '../search/service/create-search-index.ts';
import type { SearchIndex } from '../search/service/search-index.ts';
import { createWorker } from './create-worker.ts';
import { GracefulShutdownPeriodExpiredError } from '@temporalio/worker';
import type { Worker } from '@temporalio/worker';
import { hostname } from 'node:os';
import { createInstanceRouting, workerQueueName } from '../activities/instances/routing.ts';
import { reportIgnoredPatternsTo } from '../domain/linear-regexp.ts';

/** How long an installed package may go unused before the store's gc removes it, and how often it looks. */
const PACKAGE_UNUSED_MS = 7 * 24 * 3_600_000;
const PACKAGE_GC_EVERY_MS = 3_600_000;

export interface RunningWorker {
  /** Stops polling, lets in-flight activities finish (up to the grace time), then resolves. */
  stop(): Promise<void>;
}

/** Starts the worker for the service's task queue and keeps it running in the background. */
export async function runWorker(deps: {
  config: Config;
  db: Database;
  temporal: TemporalHandle;
  taskQueue: string;
  logger: Logger;
  /** Per-plan overrides of concurrent running jobs (enterprise is "custom" in the spec). */
  jobConcurrency?: Partial<Record<string, number>>;
  /** The index to write; the embedded mode passes the API's own. Absent = open the configured one. */
  search?: SearchIndex;
  /** Poll only once this settles (the embedded index still filling): the worker is built meanwhile. */
  pollAfter?: Promise<unknown>;
  /**
   * One of several worker processes: it also polls a queue of its own and records the users'
   * instances it holds, so their calls come back to it (activities/instances/routing.ts).
   * Absent in the embedded mode, where the one worker holds every instance anyway.
   */
  instanceRouting?: boolean;
}): Promise<RunningWorker> {
  const logger = deps.logger.child({ component: 'worker' });
  // Agent runs check arguments here too (activities/agent): an unchecked pattern is logged as in the API.
  reportIgnoredPatternsTo((ignored) => logger.warn(ignored, 'tool schema pattern not checked: RE2 cannot run it'));
  const search = deps.search ?? (await createSearchIndex(deps.config, logger, createDocumentVectorStore(deps.db)));
  // Launches of per-user instances (memory@<user>) count under their server, not a label per user.
  // HTTP servers whose URL a user or an upstream registry chose connect only to public
  // addresses, checked at connect time (domain/launch.ts `operatorChosen` exempts the operator's).
  const routing = deps.instanceRouting ? createInstanceRouting({ db: deps.db, queue: workerQueueName(deps.taskQueue, hostname(), process.pid), logger }) : undefined;
  const mcp = new McpSessionPool(logger.child({ component: 'mcp' }), {
    onLaunch: (server, outcome) => recordMcpLaunch(instanceServerName(server), outcome),
    onDrop: (server) => routing?.dropped(server),
    publicTargetsOnly: !deps.config.allowPrivateWebhookTargets,
    maxIdleManaged: deps.config.MAX_WARM_INSTANCES,
  });
  // Probed once: a machine without the sandbox runs no catalog code and says so (sandbox/README.md).
  const sandbox = await probeSandbox();
  if (!sandbox.ok) logger.warn({ reason: sandbox.reason }, 'sandbox unavailable: catalog servers will not run here');
  const store = new PackageStore({
    root: packageStoreDir(deps.config),
    logger: logger.child({ component: 'package-store' }),
    npmRegistry: deps.config.NPM_REGISTRY_URL,
    pypiIndex: deps.config.PYPI_INDEX_URL,
  });
  // Packages no instance used for a week leave the store; a later first call installs them again.
  const gc = setInterval(() => {
    store.gc({ unusedForMs: PACKAGE_UNUSED_MS }).then(
      (removed) => removed.length && logger.info({ removed: removed.length }, 'unused packages removed from the store'),
      (err: unknown) => logger.warn({ err }, 'package store gc failed'),
    );
  }, PACKAGE_GC_EVERY_MS).unref();
  const unwatch = watchWorkerMetrics(deps.config.METRICS_ENABLED, mcp, search);
  const activities = createActivities({
    db: deps.db,
    logger,
    mcp,
    dataDir: deps.config.DATA_DIR,
    // Events raised by activities start their webhook deliveries on this same queue.
    events: createEventPublisher(deps.db, { client: deps.temporal.client, taskQueue: deps.taskQueue }),
    jobConcurrency: { ...DEFAULT_JOB_CONCURRENCY, ...deps.jobConcurrency },
    callApprovalWaitMs: deps.config.CALL_APPROVAL_WAIT_SECONDS * 1000,
    allowPrivateWebhookTargets: deps.config.allowPrivateWebhookTargets,
    payment: paymentSettings(deps.config),
    llm: llmSettings(deps.config),
    embeddingApi: embeddingApi(deps.config),
    search,
    packages: store,
    sandbox,
    // The embedded mode's generated key is in secrets.json, where the API found it too.
    credentials: credentialCipherOf(deps.config, resolveSecrets(deps.config)),
    routing,
  });
  const common = { connection: deps.temporal.nativeConnection, namespace: deps.temporal.namespace, activities, logger, shutdownGraceMs: deps.config.SHUTDOWN_GRACE_MS };
  const worker = await createWorker({ ...common, taskQueue: deps.taskQueue });
  // The calls other workers send here, to the instances this one holds: activities only.
  const own = routing ? await createWorker({ ...common, taskQueue: routing.queue, activitiesOnly: true }) : undefined;
  if (deps.pollAfter) {
    try {
      await deps.pollAfter;
    } catch (err) {
      await routing?.stop();
      await mcp.close();
      throw err;
    }
  }
  let stopping = false;
  const runInBackground = (w: Worker) =>
    w.run().catch((err) => {
      // Past the grace time plus the force margin (create-worker.ts): what was still running is
      // abandoned to Temporal, which retries it on the next start. The stop goes on.
      // The SDK then fails its own finalisation too ("Worker still in use"): same outcome.
      if (stopping) {
        const forced = err instanceof GracefulShutdownPeriodExpiredError || err?.cause instanceof GracefulShutdownPeriodExpiredError;
        logger.warn({ err: forced ? undefined : err }, 'worker did not settle within the shutdown grace time; abandoned work resumes on the next start');
        return;
      }
      logger.fatal({ err }, 'worker stopped on an error');
      throw err;
    });
  const workers = own ? [worker, own] : [worker];
  const running = workers.map(runInBackground);
  logger.info({ taskQueue: deps.taskQueue, ...(routing ? { ownQueue: routing.queue } : {}) }, 'worker polling');
  return {
    async stop() {
      stopping = true;
      // First, so other workers stop sending calls here while the ones under way finish.
      await routing?.stop();
      for (const w of workers) if (w.getState() === 'RUNNING') w.shutdown();
      try {
        await Promise.all(running);
      } finally {
        unwatch();
        clearInterval(gc);
        await mcp.close();
        if (!deps.search) await search.close();
      }
    },
  };
}
