import type { TaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';
import type { Result, Task } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../../errors.ts';
import { cancelJob, getJob, listJobs } from '../../services/jobs/jobs.ts';
import type { McpCaller } from './caller.ts';
import { jobOutcome, jobTask, taskStatus } from './job-results.ts';
import { findPendingApprovalOfRun } from '../../../db/trust/call-approvals.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import type { CallApprovalRow } from '../../../db/schema/index.ts';
import { approvalLinks } from '../../services/trust/call-gate.ts';

/** What a client shows its user while a task waits: what waits, and the three ways to decide it. */
function waitingMessage(approval: CallApprovalRow): string {
  const links = approvalLinks(approval.id);
  return `waiting for your approval of ${shownServerName(approval.serverName)}/${approval.toolName} (${approval.reason}): approve or deny it in the console (${links.console}), with \`switchboard approvals approve ${approval.id}\`, or POST ${links.approve}`;
}

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
      if (!job) return null;
      // A queued job that waits for its owner's approval is a task that needs the user's input.
      const approval = job.status === 'queued' ? await findPendingApprovalOfRun(caller.deps.db, taskId) : undefined;
      return approval ? { ...jobTask(job), status: 'input_required', statusMessage: waitingMessage(approval) } : jobTask(job);
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
