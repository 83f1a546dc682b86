import { createRequire } from 'node:module';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import type { NativeConnection, WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { Activities } from '../activities/index.ts';
import type { Logger } from '../lib/logger.ts';
import { settleOnShutdown } from './shutdown-interceptor.ts';

/** How long past the grace time the worker may take to settle before it is abandoned. */
const SHUTDOWN_FORCE_MARGIN_MS = 3_000;

const require = createRequire(import.meta.url);
let bundle: Promise<WorkflowBundleWithSourceMap> | undefined;

/** Bundles workflows/ once per process: several workers (tests, task queues) share it. */
function workflowBundle(logger: Logger): Promise<WorkflowBundleWithSourceMap> {
  bundle ??= bundleWorkflowCode({
    workflowsPath: require.resolve('../workflows/index.ts'),
    logger: {
      trace: () => {},
      debug: () => {},
      info: (message, meta) => logger.debug(meta ?? {}, message),
      warn: (message, meta) => logger.warn(meta ?? {}, message),
      error: (message, meta) => logger.error(meta ?? {}, message),
      log: () => {},
    },
  });
  return bundle;
}

export interface WorkerOptions {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  activities: Activities;
  logger: Logger;
  /** How long in-flight activities get to finish on shutdown before they are cancelled. */
  shutdownGraceMs: number;
}

export async function createWorker(options: WorkerOptions): Promise<Worker> {
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    workflowBundle: await workflowBundle(options.logger),
    activities: options.activities,
    interceptors: { activity: [settleOnShutdown] },
    shutdownGraceTime: options.shutdownGraceMs,
    // The backstop behind settleOnShutdown: whatever still holds the worker (a workflow task
    // waiting on a local activity) is abandoned here; run() then rejects and the process exits.
    shutdownForceTime: options.shutdownGraceMs + SHUTDOWN_FORCE_MARGIN_MS,
  });
}
