import {
  ActivityFailure,
  ActivityCancellationType,
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

type Ending = Parameters<Activities['finishJob']>[0]['ending'];

/**
 * One workflow type for every tool run. Direct: validate and call (a local activity: no
 * task-queue round trip for the caller who waits, and no silent re-run after the caller's
 * deadline). Job (workflow id = job id): one activity claims the user's concurrency slot,
 * calls the tool and writes the final state; while the slot is taken the job stays queued
 * and waits for a `slotFreed` signal.
 */
export async function toolExecutionWorkflow(input: ToolExecutionInput): Promise<ToolExecutionOutput> {
  if (input.mode === 'direct') {
    const direct = proxyLocalActivities<Activities>({ startToCloseTimeout: input.timeLimitMs + 30_000, retry: { maximumAttempts: 1 } });
    try {
      return { status: 'completed', ...(await direct.runTool(input)) };
    } catch (error) {
      throw asFailure(error);
    }
  }
  return runJob(input);
}

async function runJob(input: ToolExecutionInput): Promise<ToolExecutionOutput> {
  const jobId = input.executionId;
  // A lost worker is noticed by the heartbeat timeout; the call may then run again elsewhere.
  const job = proxyActivities<Activities>({
    startToCloseTimeout: input.timeLimitMs + 30_000,
    heartbeatTimeout: '10 seconds',
    cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
    retry: { maximumAttempts: 3, initialInterval: '1 second' },
  });
  let woken = false;
  setHandler(slotFreed, () => {
    woken = true;
  });
  try {
    for (;;) {
      const step = await job.runJob(input);
      if (step.state === 'waiting') {
        await condition(() => woken, SLOT_RECHECK);
        woken = false;
        continue;
      }
      if (step.state === 'gone') {
        // The API canceled it in the projection and is about to cancel this run: wait for
        // that, so the run ends as Canceled; give up waiting if the API died in between.
        await condition(() => false, '1 minute');
        await finish(jobId, { status: 'canceled' });
        throw ApplicationFailure.create({ type: 'JOB_CANCELED', message: `Job left the queue (${step.status})`, nonRetryable: true });
      }
      await wake(jobId, step.next);
      if (step.state === 'completed') return { status: 'completed', ...step.run };
      throw ApplicationFailure.create({ type: step.error.code, message: step.error.message, details: [step.error.details], nonRetryable: true });
    }
  } catch (error) {
    if (isCancellation(error)) {
      await CancellationScope.nonCancellable(() => finish(jobId, { status: 'canceled', cancelReason: 'canceled by an operator' }));
      throw error;
    }
    if (error instanceof ApplicationFailure) throw error;
    // The activity itself gave up (workers lost, database down past its retries).
    const failure = asFailure(error);
    await CancellationScope.nonCancellable(() =>
      finish(jobId, { status: 'failed', error: { code: failure.type ?? EXECUTION_FAILURES.toolError, message: failure.message, details: {} } }),
    );
    throw failure;
  }
}

/** Writes a final state the job activity could not write itself, and wakes the next jobs. */
async function finish(jobId: string, ending: Ending): Promise<void> {
  await wake(jobId, await projection.finishJob({ jobId, ending }));
}

async function wake(jobId: string, next: string[]): Promise<void> {
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
