import { resultText, when } from './output.ts';

/** A Job as the service shows it (spec, Job; docs/decisions.md "Job view"). */
export interface Job {
  job_id: string;
  status: string;
  tool: string;
  server?: string;
  created_at: number;
  started_at?: number;
  completed_at?: number;
  canceled_at?: number;
  position_in_queue?: number;
  progress?: { current_step?: string; total_steps?: number; percentage?: number };
  result?: unknown;
  execution_time_ms?: number;
  error?: { code?: string; message?: string; details?: unknown };
  reason?: string;
}

export const FINAL_STATES = ['completed', 'failed', 'canceled', 'timeout'];
export const isFinal = (job: Job) => FINAL_STATES.includes(job.status);

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
