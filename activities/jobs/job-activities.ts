import { ApplicationFailure } from '@temporalio/common';
import { EXECUTION_FAILURES } from '../../contracts/index.ts';
import type { ToolExecutionInput, ToolRunResult } from '../../contracts/index.ts';
import { claimSlot, finishJob, jobsAwaitingSlot } from '../../db/jobs/jobs.ts';
import type { JobEnding } from '../../db/jobs/jobs.ts';
import type { JobError, JobRow } from '../../db/schema/index.ts';
import type { ExecutionDeps } from '../execution/deps.ts';
import { stableUuid } from '../execution/stable-id.ts';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** One pass of a job: still waiting for its slot, gone (canceled), or run to its final state. */
export type JobStep =
  | { state: 'waiting' }
  | { state: 'gone'; status: string }
  | { state: 'completed'; run: ToolRunResult; next: string[] }
  | { state: 'failed' | 'timeout'; error: JobError; next: string[] };

/**
 * Job transitions as activities: each writes the projection, then announces it with a
 * stable event id. `runJob` does claim, call and final write in one activity, so a job
 * costs one task-queue round trip like any one-activity workflow; `finishJob` is the
 * workflow's path for endings the activity could not write itself (cancel, lost workers).
 */
export function createJobActivities(deps: ExecutionDeps, runTool: (input: ToolExecutionInput) => Promise<ToolRunResult>) {
  const limitFor = (plan: string) => deps.jobConcurrency[plan] ?? 1;

  /** Writes a final state and its event; names the user's queued jobs that may take the freed slot. */
  async function finish(jobId: string, ending: JobEnding): Promise<string[]> {
    const job = await finishJob(deps.db, jobId, ending);
    if (!job) return [];
    const [, next] = await Promise.all([
      deps.events.publish(jobEvent(job)),
      jobsAwaitingSlot(deps.db, job.userId, limitFor),
    ]);
    return next;
  }

  return {
    /** queued → running when the user's slot allows, then the tool call, then the final state. */
    async runJob(input: ToolExecutionInput): Promise<JobStep> {
      const jobId = input.executionId;
      const claim = await claimSlot(deps.db, jobId, limitFor);
      if (claim.state === 'waiting') return { state: 'waiting' };
      if (claim.state === 'gone') return { state: 'gone', status: claim.status };
      const job = claim.job;
      // Announced while the tool runs: the call need not wait for the event write.
      const announced = deps.events.publish({
        id: stableUuid(jobId, 'job.started'),
        kind: 'job.started',
        userId: job.userId,
        data: { job_id: job.id, tool: job.tool, started_at: seconds(job.startedAt), estimated_duration_ms: job.estimatedDurationMs },
      });
      const started = Date.now();
      try {
        const [run] = await Promise.all([runTool(input), announced]);
        const next = await finish(jobId, { status: 'completed', result: run.result, executionTimeMs: run.executionTimeMs });
        return { state: 'completed', run, next };
      } catch (error) {
        // Cancellation and transient faults stay errors: the workflow and retry policy handle them.
        if (!(error instanceof ApplicationFailure) || !error.nonRetryable) throw error;
        await announced; // job.started is stored before the job's final event
        const state = error.type === EXECUTION_FAILURES.timeout ? 'timeout' : 'failed';
        const jobError: JobError = { code: error.type ?? EXECUTION_FAILURES.toolError, message: error.message, details: (error.details?.[0] ?? {}) as Record<string, unknown> };
        const next = await finish(jobId, { status: state, error: jobError, executionTimeMs: Date.now() - started });
        return { state, error: jobError, next };
      }
    },

    async finishJob(input: { jobId: string; ending: JobEnding }): Promise<string[]> {
      return finish(input.jobId, input.ending);
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
