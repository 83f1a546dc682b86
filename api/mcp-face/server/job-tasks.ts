import type { TaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';
import type { Result, Task } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../../errors.ts';
import { cancelJob, getJob, listJobs } from '../../services/jobs/jobs.ts';
import type { McpCaller } from './caller.ts';
import { jobOutcome, jobTask, taskStatus } from './job-results.ts';

const PAGE = 50;

/** The caller's job, or null for an unknown id and another user's job alike (a 404 either way). */
async function visibleJob(caller: McpCaller, taskId: string) {
  try {
    return await getJob(caller.deps, caller.userId, taskId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'JOB_NOT_FOUND') return null;
    throw error;
  }
}

/**
 * The SDK's TaskStore over Switchboard's jobs, for one caller: the SDK's tasks/get, tasks/result,
 * tasks/list and tasks/cancel handlers read and act on the same jobs the REST API shows (task id
 * = job id). Tasks live in Postgres and Temporal, not in the MCP session, so they outlive it and
 * any API replica or worker; the session id the SDK passes is not used, the user is.
 */
export function jobTaskStore(caller: McpCaller): TaskStore {
  return {
    // Tasks are made by a task-augmented tools/call of a tool with task support (mcp-server.ts), never through the store.
    async createTask(): Promise<Task> {
      throw new Error('Switchboard tasks are created by a task-augmented tools/call of execute_tool or submit_job');
    },
    async storeTaskResult(): Promise<void> {
      throw new Error('A job records its own result');
    },
    async getTask(taskId) {
      const job = await visibleJob(caller, taskId);
      return job ? jobTask(job) : null;
    },
    async getTaskResult(taskId): Promise<Result> {
      const job = await visibleJob(caller, taskId);
      if (!job) throw new AppError('JOB_NOT_FOUND', `Task ${taskId} not found`);
      return jobOutcome(job);
    },
    async updateTaskStatus(taskId, status) {
      // tasks/cancel: a job can be canceled while queued (DELETE /jobs/{id}'s rule, in its service).
      if (status !== 'cancelled') throw new Error(`A client cannot set a task to ${status}`);
      await cancelJob(caller.deps, caller.userId, taskId, 'canceled by the user (MCP tasks/cancel)');
    },
    async listTasks(cursor) {
      const offset = cursor === undefined ? 0 : Number(cursor);
      if (!Number.isSafeInteger(offset) || offset < 0) throw new Error(`Invalid cursor: ${cursor}`);
      const page = await listJobs(caller.deps, caller.userId, { limit: PAGE, offset });
      const tasks = page.jobs.map((job) => ({ ...jobTask(job), status: taskStatus(job.status) }));
      const next = offset + page.jobs.length;
      return { tasks, ...(next < page.pagination.total ? { nextCursor: String(next) } : {}) };
    },
  };
}
