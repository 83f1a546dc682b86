import type { CallToolResult, Task } from '@modelcontextprotocol/sdk/types.js';
import { structured, toolContent } from './results.ts';

/** What a client is told to wait between tasks/get calls, and what the SDK waits in tasks/result. */
export const POLL_INTERVAL_MS = 1_000;

type JobView = Record<string, unknown>;
const iso = (seconds: unknown) => new Date(Number(seconds) * 1000).toISOString();

/** Job statuses in MCP's task vocabulary: queued and running are both "working". */
export function taskStatus(status: string): Task['status'] {
  if (status === 'completed') return 'completed';
  if (status === 'canceled') return 'cancelled';
  if (status === 'failed' || status === 'timeout') return 'failed';
  return 'working';
}

function statusMessage(job: JobView): string | undefined {
  const progress = job.progress as { current_step?: string; percentage?: number } | undefined;
  const error = job.error as { message?: string } | undefined;
  switch (job.status) {
    case 'queued':
      return job.position_in_queue ? `queued, position ${String(job.position_in_queue)}` : 'queued';
    case 'running':
      return progress ? `running: ${progress.current_step ?? ''} (${progress.percentage ?? 0}%)` : 'running';
    case 'failed':
    case 'timeout':
      return error?.message;
    case 'canceled':
      return typeof job.reason === 'string' ? job.reason : 'canceled';
    default:
      return undefined;
  }
}

/**
 * A job (GET /jobs/{id}'s view) as an MCP task: task id = job id. Jobs are kept, so the
 * ttl is null (unlimited); lastUpdatedAt is the latest of the job's own timestamps.
 */
export function jobTask(job: JobView): Task {
  const times = [job.created_at, job.started_at, job.completed_at, job.canceled_at].filter((t) => typeof t === 'number') as number[];
  const message = statusMessage(job);
  return {
    taskId: String(job.job_id),
    status: taskStatus(String(job.status)),
    ...(message ? { statusMessage: message } : {}),
    createdAt: iso(job.created_at),
    lastUpdatedAt: iso(Math.max(...times)),
    ttl: null,
    pollInterval: POLL_INTERVAL_MS,
  };
}

/**
 * The tools/call result of a finished job: its view (plus execute_tool's tool_name and
 * execution_id) with the tool's own content; a failure, timeout or cancel is an isError result.
 */
export function jobOutcome(job: JobView): CallToolResult {
  if (job.status === 'completed') {
    const result = (job.result ?? {}) as Record<string, unknown>;
    return structured({ ...job, tool_name: job.tool, execution_id: job.job_id }, '', toolContent(result));
  }
  const error = (job.error ?? {}) as { code?: string; message?: string; details?: { tool_error?: unknown } };
  const code = job.status === 'canceled' ? 'CANCELED' : (error.code ?? String(job.status).toUpperCase());
  let text = `${code}: ${error.message ?? statusMessage(job) ?? String(job.status)}`;
  const toolError = error.details?.tool_error;
  if (typeof toolError === 'string' && toolError && !text.includes(toolError)) text += `\n${toolError}`;
  return { isError: true, content: [{ type: 'text', text }], _meta: { 'switchboard/error_code': code } };
}
