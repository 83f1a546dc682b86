import {
  ActivityCancellationType,
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  condition,
  defineSignal,
  getExternalWorkflowHandle,
  isCancellation,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { EXECUTION_FAILURES, SLOT_FREED_SIGNAL } from '../contracts/index.ts';
import type { ToolExecutionInput, ToolExecutionOutput } from '../contracts/index.ts';

export const slotFreed = defineSignal(SLOT_FREED_SIGNAL);

/** Re-check the slot this often even without a signal, in case a wake-up was lost. */
const SLOT_RECHECK = '5 seconds';

/** Projection writes: short, retried until the database answers. */
const projection = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '30 seconds' },
});

/**
 * The tool call. A direct call runs once, as a local activity (its caller is waiting: no
 * extra task-queue round trip, and no silent re-run after the caller's deadline); a job's
 * call is a regular activity that may survive two lost workers, noticed by the heartbeat
 * timeout. Business failures are non-retryable either way.
 */
function toolCall(input: ToolExecutionInput) {
  const job = input.mode === 'job';
  if (!job) {
    // A local activity: no round trip through the task queue for the caller who waits.
    return proxyLocalActivities<Activities>({ startToCloseTimeout: input.timeLimitMs + 30_000, retry: { maximumAttempts: 1 } }).runTool;
  }
  return proxyActivities<Activities>({
    startToCloseTimeout: input.timeLimitMs + 30_000,
    heartbeatTimeout: '10 seconds',
    cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
    retry: { maximumAttempts: 3, initialInterval: '1 second' },
  }).runTool;
}

/**
 * One workflow type for every tool run. Direct: validate and call, return the result.
 * Job (workflow id = job id): wait for the user's concurrency slot (queued), run (running),
 * write the final state, and wake the user's next queued jobs.
 */
export async function toolExecutionWorkflow(input: ToolExecutionInput): Promise<ToolExecutionOutput> {
  if (input.mode === 'direct') {
    try {
      return { status: 'completed', ...(await toolCall(input)(input)) };
    } catch (error) {
      throw asFailure(error);
    }
  }
  return runJob(input);
}

async function runJob(input: ToolExecutionInput): Promise<ToolExecutionOutput> {
  const jobId = input.executionId;
  let woken = false;
  setHandler(slotFreed, () => {
    woken = true;
  });
  try {
    for (;;) {
      const claim = await projection.claimJobSlot(jobId);
      if (claim.state === 'claimed') break;
      if (claim.state === 'gone') {
        // The API canceled it in the projection and is about to cancel this run: wait for
        // that, so the run ends as Canceled; give up waiting if the API died in between.
        await condition(() => false, '1 minute');
        await finish(jobId, { status: 'canceled' });
        throw ApplicationFailure.create({ type: 'JOB_CANCELED', message: `Job left the queue (${claim.status})`, nonRetryable: true });
      }
      await condition(() => woken, SLOT_RECHECK);
      woken = false;
    }
  } catch (error) {
    if (isCancellation(error)) await CancellationScope.nonCancellable(() => finish(jobId, { status: 'canceled' }));
    throw error;
  }
  const started = Date.now();
  try {
    const run = await toolCall(input)(input);
    await finish(jobId, { status: 'completed', result: run.result, executionTimeMs: run.executionTimeMs });
    return { status: 'completed', ...run };
  } catch (error) {
    if (isCancellation(error)) {
      await CancellationScope.nonCancellable(() => finish(jobId, { status: 'canceled', cancelReason: 'canceled by an operator' }));
      throw error;
    }
    const failure = asFailure(error);
    const status = failure.type === EXECUTION_FAILURES.timeout ? 'timeout' : 'failed';
    const details = (failure.details?.[0] ?? {}) as Record<string, unknown>;
    await CancellationScope.nonCancellable(() =>
      finish(jobId, { status, error: { code: failure.type ?? EXECUTION_FAILURES.toolError, message: failure.message, details }, executionTimeMs: Date.now() - started }),
    );
    throw failure;
  }
}

type Ending = Parameters<Activities['finishJob']>[0]['ending'];

/** Writes the final state and wakes the user's next queued jobs. */
async function finish(jobId: string, ending: Ending): Promise<void> {
  const next = await projection.finishJob({ jobId, ending });
  await Promise.allSettled(next.filter((id) => id !== jobId).map((id) => getExternalWorkflowHandle(id).signal(slotFreed)));
}

/** The ApplicationFailure behind an activity failure, so callers see the business code. */
function asFailure(error: unknown): ApplicationFailure {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  if (cause instanceof ApplicationFailure) {
    return ApplicationFailure.create({ type: cause.type ?? EXECUTION_FAILURES.toolError, message: cause.message, details: cause.details ?? [], nonRetryable: true });
  }
  const message = cause instanceof Error ? cause.message : String(cause);
  return ApplicationFailure.create({ type: EXECUTION_FAILURES.toolError, message, details: [{ tool_error: message }], nonRetryable: true });
}
