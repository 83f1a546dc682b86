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
  TimeoutFailure,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { awaitApproval } from './approval-wait.ts';
// Only run.ts, never contracts/index.ts: every run evaluates this file's imports again, and
// zod with our schemas would double a direct run's overhead (decisions.md, "Overhead per run").
import {
  APPROVAL_FAILURES,
  CALL_ATTEMPTS,
  CALL_HERE,
  elsewhereOf,
  EXECUTION_FAILURES,
  executionFailureDetailsOf,
  jobStepOf,
  MCP_UNAVAILABLE,
  recordedInCall,
  ROUTED_PICKUP_TIMEOUT,
  SLOT_FREED_SIGNAL,
  toolCallOutcomeOf,
} from '../contracts/run.ts';
import type { ApprovalWait, ExecutionError, JobStep, ToolCallOutcome, ToolExecutionInput, ToolRunResult } from '../contracts/run.ts';

export const slotFreed = defineSignal(SLOT_FREED_SIGNAL);

/** Re-check the slot this often even without a signal, in case a wake-up was lost. */
const SLOT_RECHECK = '5 seconds';

/** Projection writes (and an approval's opening): short, retried until the database answers (what they store always fits). */
const projection = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '30 seconds' },
});

/** Recording a direct run: the caller is waiting, so a few quick attempts, then the answer anyway. */
const directRecording = proxyLocalActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumAttempts: 3, initialInterval: '200 milliseconds' },
});

/**
 * One workflow type for every tool run, in two steps: the call, whose outcome the workflow
 * holds as a value (checked against its contract as it enters, contracts/run.ts), then its
 * recording. The call activity is retried only when its request
 * never left (it throws then, and only then); once it returned, nothing calls the tool again,
 * whatever the recording meets. Direct: both steps are local activities (no task-queue
 * round trip for the caller who waits, and no silent re-run after the caller's deadline).
 * Job (workflow id = job id): one activity claims the user's concurrency slot and calls the
 * tool; while the slot is taken the job stays queued and waits for a `slotFreed` signal;
 * a second one records the run and the job's final state.
 */
export async function toolExecutionWorkflow(input: ToolExecutionInput): Promise<ToolRunResult> {
  return input.mode === 'direct' ? runDirect(input) : runJob(input);
}

async function runDirect(input: ToolExecutionInput): Promise<ToolRunResult> {
  const direct = proxyLocalActivities<Activities>({
    startToCloseTimeout: input.timeLimitMs + 30_000,
    retry: { maximumAttempts: CALL_ATTEMPTS, initialInterval: '200 milliseconds' },
  });
  let outcome: ToolCallOutcome;
  let recorded = false;
  try {
    let called = await direct.callTool(input);
    const holder = elsewhereOf(called);
    // Another worker holds the caller's warm instance: the call goes there, or here from cold if it does not take it.
    if (holder !== null) called = await orHere(() => routed(holder, input, '200 milliseconds').callTool(input, CALL_HERE), () => direct.callTool(input, CALL_HERE));
    outcome = toolCallOutcomeOf(called);
    recorded = recordedInCall(called);
  } catch (error) {
    if (isCancellation(error)) throw error;
    outcome = unanswered(error, input);
  }
  try {
    // Recorded by the call activity when it could (decided by its recorded result: replays agree).
    if (!recorded) await directRecording.recordDirectRun({ input, outcome });
  } catch (error) {
    // The worker logged why; the caller still gets what the tool answered.
    if (isCancellation(error)) throw error;
  }
  return ended(outcome);
}

async function runJob(submitted: ToolExecutionInput): Promise<ToolRunResult> {
  let input = submitted;
  const jobId = input.executionId;
  // A lost worker is noticed by the heartbeat timeout; the call may then run again elsewhere.
  const job = proxyActivities<Activities>({
    startToCloseTimeout: input.timeLimitMs + 30_000,
    heartbeatTimeout: '10 seconds',
    cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
    retry: { maximumAttempts: CALL_ATTEMPTS, initialInterval: '1 second' },
  });
  let woken = false;
  setHandler(slotFreed, () => {
    woken = true;
  });
  let outcome: ToolCallOutcome;
  let announced = false;
  let recorded: string[] | undefined;
  let holder: string | null = null;
  try {
    // A call its owner must approve waits here, before it claims a slot (issue 37, item 3).
    if (input.approval) await approved(jobId, input.approval);
    for (;;) {
      const step: JobStep = jobStepOf(
        holder === null
          ? await job.runJob(input)
          : await orHere(
              () => routed(holder as string, input, '1 second').runJob(input, CALL_HERE),
              () => job.runJob(input, CALL_HERE),
            ),
      );
      // Another worker holds the user's warm instance: the next pass goes there.
      if (step.state === 'elsewhere') {
        holder = step.taskQueue;
        continue;
      }
      // Where the instance lives is asked again after a wait: it may have been reaped meanwhile.
      holder = null;
      if (step.state === 'waiting') {
        await condition(() => woken, SLOT_RECHECK);
        woken = false;
        continue;
      }
      if (step.state === 'approval') {
        // Its instance's start showed that the tool asks: the job leaves its slot and waits for its owner.
        const wait = await projection.requestJobApproval({ jobId, reason: step.reason });
        await wake(jobId, await projection.requeueJob({ jobId }));
        await approved(jobId, wait);
        input = { ...input, approval: wait };
        continue;
      }
      if (step.state === 'gone') {
        // The API canceled it in the projection and is about to cancel this run: wait for
        // that, so the run ends as Canceled; give up waiting if the API died in between.
        await condition(() => false, '1 minute');
        await finish(jobId, { status: 'canceled' });
        throw ApplicationFailure.create({ type: 'JOB_CANCELED', message: `Job left the queue (${step.status})`, nonRetryable: true });
      }
      ({ outcome, announced, next: recorded } = step);
      break;
    }
  } catch (error) {
    if (isCancellation(error)) {
      await CancellationScope.nonCancellable(() => finish(jobId, { status: 'canceled', cancelReason: 'canceled by an operator' }));
      throw error;
    }
    if (error instanceof ApplicationFailure) throw error;
    outcome = unanswered(error, input);
  }
  // What the call came to is recorded even if the run is canceled meanwhile: by runJob when it
  // could (its result says so, so replays of older histories still schedule recordJob), else here.
  const next = recorded ?? (await CancellationScope.nonCancellable(() => projection.recordJob({ input, outcome, announced })));
  await wake(jobId, next);
  return ended(outcome);
}

/** Waits for the owner's decision; a denied or expired call ends the job canceled, never calling the tool. */
async function approved(jobId: string, wait: ApprovalWait): Promise<void> {
  const outcome = await awaitApproval(wait);
  if (outcome === 'approved') return;
  const reason = outcome === 'denied' ? 'the call was denied by its owner' : 'nobody approved the call in time';
  await finish(jobId, { status: 'canceled', cancelReason: reason });
  throw ApplicationFailure.create({ type: APPROVAL_FAILURES[outcome], message: `Job not run: ${reason}`, nonRetryable: true });
}

/**
 * The call step on the task queue of the worker holding the caller's warm instance: picked up
 * there within ROUTED_PICKUP_TIMEOUT or not at all, and a lost worker noticed by heartbeat.
 */
function routed(taskQueue: string, input: ToolExecutionInput, initialInterval: string) {
  return proxyActivities<Activities>({
    taskQueue,
    scheduleToStartTimeout: ROUTED_PICKUP_TIMEOUT,
    startToCloseTimeout: input.timeLimitMs + 30_000,
    heartbeatTimeout: '10 seconds',
    cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
    retry: { maximumAttempts: CALL_ATTEMPTS, initialInterval },
  });
}

/**
 * The routed step, or, when its worker did not take it in time or was lost with it (a timeout:
 * no answer came back), the same step on this run's own queue from cold. That is the one case
 * a tool may be asked again, as when any worker is lost (decisions.md "At most one call per run").
 */
async function orHere<T>(there: () => Promise<T>, here: () => Promise<T>): Promise<T> {
  try {
    return await there();
  } catch (error) {
    if (error instanceof ActivityFailure && error.cause instanceof TimeoutFailure) return here();
    throw error;
  }
}

/** Writes a final state that has no call outcome (a cancel), and wakes the next jobs. */
async function finish(jobId: string, ending: Parameters<Activities['finishJob']>[0]['ending']): Promise<void> {
  await wake(jobId, await projection.finishJob({ jobId, ending }));
}

async function wake(jobId: string, next: string[]): Promise<void> {
  await Promise.allSettled(next.filter((id) => id !== jobId).map((id) => getExternalWorkflowHandle(id).signal(slotFreed)));
}

/**
 * The outcome of a call activity that gave up: every attempt found the server unreachable,
 * its worker was lost each time, or something of ours failed. Messages are ours and fixed:
 * a cause's text stays in the worker's log.
 */
function unanswered(error: unknown, input: ToolExecutionInput): ToolCallOutcome {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  if (cause instanceof ApplicationFailure && cause.type === MCP_UNAVAILABLE) {
    const details = executionFailureDetailsOf(cause.details?.[0] ?? {});
    return { kind: 'failed', durationMs: 0, error: { code: EXECUTION_FAILURES.toolError, message: cause.message, details } };
  }
  if (cause instanceof TimeoutFailure) {
    const message = `Tool ${input.tool} could not be run: the workers running it stopped answering`;
    return { kind: 'rejected', error: { code: EXECUTION_FAILURES.toolError, message, details: {} } };
  }
  return { kind: 'rejected', error: { code: EXECUTION_FAILURES.internal, message: 'The run failed for an internal reason', details: {} } };
}

/** The workflow's result for an outcome: the run, or its one ExecutionError as the failure. */
function ended(outcome: ToolCallOutcome): ToolRunResult {
  if (outcome.kind === 'completed') return outcome.run;
  throw failureOf(outcome.error);
}

/** The ExecutionError as Temporal carries it: type = code, details = [details] (decoded once, by the API). */
const failureOf = (error: ExecutionError) => ApplicationFailure.create({ type: error.code, message: error.message, details: [error.details], nonRetryable: true });
