import type { Flattened, ResponseOf } from '../../contracts/openapi.d.ts';
import { resultText, when } from './output.ts';

/** A Job as the service declares it (GET /jobs/{job_id}, one shape per status), with every status's fields optional. */
export type Job = Flattened<ResponseOf<'/jobs/{job_id}'>>;
/** Every status a job can have: the list's enum (a job's own shape is one per status). */
export type JobStatus = ResponseOf<'/jobs'>['jobs'][number]['status'];

/** Whether each status is final: a status the service adds or drops fails to compile here. */
const FINAL: { [S in JobStatus]: boolean } = { queued: false, running: false, completed: true, failed: true, canceled: true, timeout: true };
/** Every status, for `jobs list --status`. */
export const JOB_STATUSES = Object.keys(FINAL) as JobStatus[];
export const isFinal = (job: { status: JobStatus }) => FINAL[job.status];

export const toolOf = (job: { tool: string; server?: string }) => (job.server ? `${job.server}/${job.tool}` : job.tool);

/** A job for people: its state, times and, when it ended, its result or error. */
export function describeJob(job: Job): string {
  const lines = [`job ${job.job_id}: ${job.status}`, `tool      ${toolOf(job)}`, `created   ${when(job.created_at)}`];
  if (job.position_in_queue !== undefined) lines.push(`queue     position ${job.position_in_queue}`);
  if (job.started_at) lines.push(`started   ${when(job.started_at)}`);
  if (job.progress && job.status === 'running') lines.push(`progress  ${job.progress.percentage ?? 0}% (${job.progress.current_step ?? ''})`);
  if (job.completed_at) lines.push(`finished  ${when(job.completed_at)}${job.execution_time_ms !== undefined ? ` after ${job.execution_time_ms} ms` : ''}`);
  if (job.canceled_at) lines.push(`canceled  ${when(job.canceled_at)}${job.reason ? ` (${job.reason})` : ''}`);
  if (job.error) lines.push(`error     ${job.error.message ?? ''}${job.error.code ? ` (${job.error.code})` : ''}`);
  if (job.status === 'completed' && job.result !== undefined) lines.push('', resultText(job.result));
  return lines.join('\n');
}
