import type { Database } from '../../../db/client.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import { queuePosition } from '../../../db/jobs/jobs.ts';
import { isFinalJobStatus } from '../../../db/schema/index.ts';
import type { JobRow } from '../../../db/schema/index.ts';
import { unixSeconds } from '../../schemas.ts';

/**
 * The spec's Job with the fields that apply to its status (Resources → Job); `position` when
 * the caller read the queued job's place already (the submit: queuedJobWrite).
 */
export async function jobView(db: Database, job: JobRow, position?: number): Promise<Record<string, unknown>> {
  const view: Record<string, unknown> = {
    job_id: job.id,
    status: job.status,
    tool: job.tool,
    server: shownServerName(job.server),
    created_at: unixSeconds(job.createdAt),
    estimated_duration_ms: job.estimatedDurationMs,
    time_limit_ms: job.timeLimitMs,
  };
  if (job.status === 'queued') view.position_in_queue = position ?? (await queuePosition(db, job));
  if (job.startedAt) view.started_at = unixSeconds(job.startedAt);
  if (job.status === 'running') view.progress = job.progress ?? { current_step: 'started', total_steps: 0, percentage: 0 };
  if (isFinalJobStatus(job.status) && job.completedAt) view.completed_at = unixSeconds(job.completedAt);
  if (job.status === 'completed') {
    view.result = job.result;
    view.execution_time_ms = job.executionTimeMs;
  }
  if ((job.status === 'failed' || job.status === 'timeout') && job.error) view.error = job.error;
  if (job.status === 'canceled') {
    if (job.canceledAt) view.canceled_at = unixSeconds(job.canceledAt);
    view.reason = job.cancelReason;
  }
  return view;
}

/** Whether a job's status is final (db/schema/jobs.ts declares which are). */
export const isFinal = isFinalJobStatus;
