import { Worker } from '@temporalio/worker';
import type { NativeConnection, WorkflowBundle } from '@temporalio/worker';
import type { Activities } from '../activities/index.ts';
import type { Logger } from '../platform/logger.ts';
import { workerTracing } from '../platform/telemetry/temporal-tracing.ts';
import { settleOnShutdown } from './shutdown-interceptor.ts';
import { loadWorkflowBundle } from './workflow-bundle.ts';

/** How long past the grace time the worker may take to settle before it is abandoned. */
const SHUTDOWN_FORCE_MARGIN_MS = 3_000;

/** One bundle per set of workflow interceptor modules: none, or the OpenTelemetry ones (traces on). */
const bundles = new Map<string, Promise<WorkflowBundle>>();

/**
 * The workflow bundle, once per process: several workers (tests, task queues) share it. A
 * process that will run a worker calls this as early as it can (runtime/service.ts), so reading
 * or building the bundle overlaps the rest of its start.
 */
export function workflowBundle(logger: Logger): Promise<WorkflowBundle> {
  const workflowInterceptorModules = workerTracing()?.workflowModules ?? [];
  const key = workflowInterceptorModules.join('\0');
  let bundle = bundles.get(key);
  if (!bundle) {
    bundle = loadWorkflowBundle({ logger, workflowInterceptorModules });
    bundles.set(key, bundle);
    // A failed build is not kept: the next worker tries again (and reports its own error).
    bundle.catch(() => bundles.delete(key));
  }
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
  /** A worker's own queue (activities/instances/routing.ts) takes only the calls sent to it: no workflows. */
  activitiesOnly?: boolean;
}

export async function createWorker(options: WorkerOptions): Promise<Worker> {
  // Traces on (issue 19): Temporal's OpenTelemetry interceptors, outermost, and the workflow span sink.
  const traced = workerTracing();
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    ...(options.activitiesOnly ? {} : { workflowBundle: await workflowBundle(options.logger) }),
    activities: options.activities,
    interceptors: { activity: traced ? [traced.activity, settleOnShutdown] : [settleOnShutdown] },
    ...(traced ? { sinks: traced.sinks } : {}),
    shutdownGraceTime: options.shutdownGraceMs,
    // The backstop behind settleOnShutdown: whatever still holds the worker (a workflow task
    // waiting on a local activity) is abandoned here; run() then rejects and the process exits.
    shutdownForceTime: options.shutdownGraceMs + SHUTDOWN_FORCE_MARGIN_MS,
  });
}
