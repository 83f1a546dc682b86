import type { CallRoute, JobStep, RecordRunInput, ToolCallOutcome, ToolExecutionInput } from '../../contracts/index.ts';
import { finishedRow, finishJob, finishJobUpdate } from '../../db/jobs/job-run-writes.ts';
import type { JobEnding } from '../../db/jobs/job-run-writes.ts';
import { claimSlot, jobsAwaitingSlot, requeueJob } from '../../db/jobs/job-slots.ts';
import { findJob } from '../../db/jobs/jobs.ts';
import type { JobRow } from '../../db/schema/index.ts';
import type { ExecutionDeps } from '../execution/deps.ts';
import { approvalAskedAfterStart } from '../execution/policy-after-start.ts';
import { recordInline, recordRun } from '../execution/record-run.ts';
import { withoutQuery } from '../execution/safe-error.ts';
import { stableUuid } from '../../domain/stable-id.ts';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** The job's final state for what its call came to. */
function endingOf(outcome: ToolCallOutcome): JobEnding {
  switch (outcome.kind) {
    case 'completed':
      return { status: 'completed', result: outcome.run.result, executionTimeMs: outcome.run.executionTimeMs };
    case 'rejected':
      return { status: 'failed', error: outcome.error, executionTimeMs: 0 };
    default:
      return { status: outcome.kind, error: outcome.error, executionTimeMs: outcome.durationMs };
  }
}

/**
 * Job transitions as activities. `runJob` claims the user's slot and calls the tool: it
 * returns what the call came to and writes nothing after it, so retrying it (only when no
 * answer came, or the worker was lost) cannot call a tool that already answered.
 * `recordJob` then writes history, events and the final state: idempotent (stable ids, the
 * same values again) and storable whatever the tool answered; a call that never got an
 * answer comes here too, with the outcome the workflow made of it. `finishJob` is the
 * workflow's path for endings without a call (cancel).
 */
export function createJobActivities(
  deps: ExecutionDeps,
  callTool: (input: ToolExecutionInput) => Promise<ToolCallOutcome>,
  elsewhere: (input: ToolExecutionInput, route?: CallRoute) => Promise<string | null>,
) {
  const limitFor = (plan: string) => deps.jobConcurrency[plan] ?? 1;

  /** Writes a final state and its event; names the user's queued jobs that may take the freed slot. */
  async function finish(jobId: string, ending: JobEnding): Promise<string[]> {
    const job = await finishJob(deps.db, jobId, ending);
    if (!job) return [];
    const [, next] = await Promise.all([deps.events.publish(jobEvent(job)), jobsAwaitingSlot(deps.db, job.userId, limitFor)]);
    return next;
  }

  const startedEvent = (job: JobRow) => ({
    id: stableUuid(job.id, 'job.started'),
    kind: 'job.started' as const,
    userId: job.userId,
    data: { job_id: job.id, tool: job.tool, started_at: seconds(job.startedAt), estimated_duration_ms: job.estimatedDurationMs },
  });

  /** History, events and the final state of a called job; the queued jobs to wake. */
  async function record(input: ToolExecutionInput, outcome: ToolCallOutcome, announced: boolean): Promise<string[]> {
    // job.started is stored before the job's final event: here when runJob could not.
    const job = announced ? undefined : await findJob(deps.db, input.executionId);
    await Promise.all([recordRun(deps, input, outcome), job?.startedAt ? deps.events.publish(startedEvent(job)) : undefined]);
    return finish(input.executionId, endingOf(outcome));
  }

  /**
   * `record` for a job this activity claimed, whose row it holds: history, tool events, final
   * state and job event in one statement (the job event built from the row as that statement
   * leaves it, since it cannot read it back), then the jobs to wake. Two round trips and one
   * commit where `record` takes four and three (docs/decisions.md, "Overhead per run").
   */
  async function recordClaimed(job: JobRow, input: ToolExecutionInput, outcome: ToolCallOutcome): Promise<string[]> {
    const ending = endingOf(outcome);
    const now = new Date();
    await recordRun(deps, input, outcome, { events: [jobEvent(finishedRow(job, ending, now))], alongside: [finishJobUpdate(deps.db, job.id, ending, now)] });
    return jobsAwaitingSlot(deps.db, job.userId, limitFor);
  }

  const safely = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      throw withoutQuery(error);
    }
  };

  return {
    /**
     * queued → running when the user's slot allows, then the tool call, then (announced jobs)
     * one bounded attempt at recording it (recordInline), which saves the workflow a second
     * activity and task; when it fails the workflow records with recordJob. Nothing after
     * the call throws, so no retry of this activity calls a tool that answered.
     * Separate workers: another worker holding the user's warm instance is named before the
     * claim (`elsewhere`), and the workflow sends this step there with `route` here.
     */
    async runJob(input: ToolExecutionInput, route?: CallRoute): Promise<JobStep> {
      const holder = await elsewhere(input, route);
      if (holder) return { state: 'elsewhere', taskQueue: holder };
      // A fresh claim stores job.started in its own commit (one commit where there were two);
      // its deliveries start once that commit is made.
      const claim = await safely(() =>
        claimSlot(deps.db, input.executionId, limitFor, (tx, write, job) => deps.events.stage(tx, [startedEvent(job)], { alongside: [write] })),
      );
      if (claim.state === 'waiting') return { state: 'waiting' };
      if (claim.state === 'gone') return { state: 'gone', status: claim.status };
      // Announced while the tool runs; a failed announcement must not fail the call (recordJob
      // repeats it). A job found running already (a retried activity, whose first attempt may
      // have died between the claim's commit and its deliveries) publishes the event again:
      // same id, so it is stored once and each delivery starts once.
      const announcement = claim.announced ? claim.announced.deliver() : deps.events.publish(startedEvent(claim.job));
      const announced = announcement.then(
        () => true,
        () => false,
      );
      const outcome = await callTool(input);
      // The workflow asks its owner, then puts the job back in the queue (requeueJob) until they decide.
      const reason = approvalAskedAfterStart(outcome);
      if (reason !== null) return { state: 'approval', reason };
      if (!(await announced)) return { state: 'called', outcome, announced: false };
      const next = await recordInline(() => recordClaimed(claim.job, input, outcome));
      return next ? { state: 'called', outcome, announced: true, next } : { state: 'called', outcome, announced: true };
    },

    /** History, events and the final state of a called job; returns the queued jobs to wake. */
    async recordJob({ input, outcome, announced }: RecordRunInput & { announced: boolean }): Promise<string[]> {
      return safely(() => record(input, outcome, announced));
    },

    /** A running job back in the queue, its slot freed, while its owner decides on its call; the jobs to wake. */
    async requeueJob(input: { jobId: string }): Promise<string[]> {
      return safely(async () => {
        const job = await requeueJob(deps.db, input.jobId);
        return job ? jobsAwaitingSlot(deps.db, job.userId, limitFor) : [];
      });
    },

    async finishJob(input: { jobId: string; ending: JobEnding }): Promise<string[]> {
      return safely(() => finish(input.jobId, input.ending));
    },
  };
}

function jobEvent(job: JobRow) {
  const common = { job_id: job.id, tool: job.tool, status: job.status, created_at: seconds(job.createdAt) };
  if (job.status === 'canceled') {
    return {
      id: stableUuid(job.id, 'job.canceled'),
      kind: 'job.canceled' as const,
      userId: job.userId,
      data: { ...common, canceled_at: seconds(job.canceledAt), reason: job.cancelReason ?? 'canceled' },
    };
  }
  const finished = { ...common, started_at: seconds(job.startedAt), completed_at: seconds(job.completedAt) };
  if (job.status === 'completed') {
    return {
      id: stableUuid(job.id, 'job.completed'),
      kind: 'job.completed' as const,
      userId: job.userId,
      data: { ...finished, execution_time_ms: job.executionTimeMs, result: job.result },
    };
  }
  // A timeout is a failure of the run: announced as job.failed with its own status and code.
  return { id: stableUuid(job.id, 'job.failed'), kind: 'job.failed' as const, userId: job.userId, data: { ...finished, error: job.error } };
}
