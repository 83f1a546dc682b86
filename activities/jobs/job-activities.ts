import { claimSlot, finishJob, oldestQueued, userPlan } from '../../db/jobs/jobs.ts';
import type { JobEnding } from '../../db/jobs/jobs.ts';
import type { JobRow } from '../../db/schema/index.ts';
import type { ExecutionDeps } from '../execution/deps.ts';
import { stableUuid } from '../execution/stable-id.ts';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** Job transitions as activities: each writes the projection, then announces it with a stable event id. */
export function createJobActivities(deps: ExecutionDeps) {
  const limitFor = (plan: string) => deps.jobConcurrency[plan] ?? 1;

  return {
    /** queued → running when the user's concurrency slot allows; 'waiting' otherwise. */
    async claimJobSlot(jobId: string): Promise<{ state: 'claimed' | 'waiting' | 'gone'; status?: string }> {
      const outcome = await claimSlot(deps.db, jobId, limitFor);
      if (outcome.state !== 'claimed') return outcome.state === 'gone' ? { state: 'gone', status: outcome.status } : { state: 'waiting' };
      const job = outcome.job;
      await deps.events.publish({
        id: stableUuid(jobId, 'job.started'),
        kind: 'job.started',
        userId: job.userId,
        data: { job_id: job.id, tool: job.tool, started_at: seconds(job.startedAt), estimated_duration_ms: job.estimatedDurationMs },
      });
      return { state: 'claimed' };
    },

    /**
     * Writes a final state and its event, then names the queued jobs of the same user that
     * may now take the freed slot (the workflow signals them).
     */
    async finishJob(input: { jobId: string; ending: JobEnding }): Promise<string[]> {
      const job = await finishJob(deps.db, input.jobId, input.ending);
      if (!job) return [];
      await deps.events.publish(jobEvent(job));
      return oldestQueued(deps.db, job.userId, limitFor(await userPlan(deps.db, job.userId)));
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
