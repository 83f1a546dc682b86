import { randomUUID } from 'node:crypto';
import { WorkflowIdReusePolicy, WorkflowNotFoundError } from '@temporalio/client';
import { stableUuid } from '../../../domain/stable-id.ts';
import { JOB_TIME_LIMIT, runSearchAttributes, TOOL_EXECUTION_WORKFLOW, workflowArgs } from '../../../contracts/index.ts';
import { finishJob } from '../../../db/jobs/job-run-writes.ts';
import { cancelIfQueued, findOwnJob, listOwnJobs, queuedJobWrite } from '../../../db/jobs/jobs.ts';
import { typicalDurationMs } from '../../../db/jobs/tool-runs.ts';
import type { JobRow, JobStatus } from '../../../db/schema/index.ts';
import type { PublishInput } from '../../../platform/event-publisher.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, invalidRequest, notFound } from '../../errors.ts';
import { unixSeconds } from '../../schemas.ts';
import { awaitPackageInstall } from '../execution/await-install.ts';
import { runnableTool } from '../execution/resolve-tool.ts';
import { isFinal, jobView } from './job-view.ts';
import type { ApprovalWait } from '../../../contracts/index.ts';
import type { ToolTarget } from '../../../db/jobs/tool-target.ts';
import type { CallVerdict } from '../../../domain/trust/call-policy.ts';
import { callVerdict, openCallApproval } from '../trust/call-gate.ts';

/** Estimate for a tool that has never run here (decisions.md). */
const FIRST_RUN_ESTIMATE_MS = 1_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const jobNotFound = (id: string) => notFound('JOB_NOT_FOUND', `Job ${id} not found`);

/** The caller's job, or 404 JOB_NOT_FOUND for unknown ids and other users' jobs alike. */
export async function ownJob(deps: AppDeps, userId: string, jobId: string) {
  const job = UUID.test(jobId) ? await findOwnJob(deps.db, userId, jobId) : undefined;
  if (!job) throw jobNotFound(jobId);
  return job;
}

/**
 * POST /jobs/submit: checks tool and arguments up front, once for the run (a job that cannot
 * run is refused now, not failed later; the worker does not check them again), writes the
 * queued projection and its job.queued event in one statement (both or neither, one commit),
 * then starts the workflow whose id is the job id and the event's deliveries.
 */
export async function submitJob(deps: AppDeps, userId: string, body: { tool: string; arguments: Record<string, unknown>; timeout_ms?: number }) {
  const target = await runnableTool(deps.db, body.tool, userId, body.arguments);
  // A denied call ends here (403); one to ask about becomes a job that waits for its owner.
  const verdict = await callVerdict(deps, target, userId);
  return submitCheckedJob(deps, userId, target, body, verdict);
}

/** submitJob once tool, arguments and policy are checked (a direct call that must wait comes here too). */
export async function submitCheckedJob(deps: AppDeps, userId: string, target: ToolTarget, body: { arguments: Record<string, unknown>; timeout_ms?: number }, verdict: CallVerdict) {
  // A never-installed server's install starts now; the job's call waits for it on the worker.
  await awaitPackageInstall(deps, target, false);
  const id = randomUUID();
  const write = queuedJobWrite(deps.db, {
    id,
    userId,
    tool: target.tool,
    server: target.server,
    arguments: body.arguments,
    timeLimitMs: body.timeout_ms ?? JOB_TIME_LIMIT.defaultMs,
    estimate: typicalDurationMs(target.server, target.tool, FIRST_RUN_ESTIMATE_MS),
  });
  const staged = await deps.events.stage(deps.db, [queuedEvent({ id, userId, tool: target.tool, arguments: body.arguments })], {
    alongside: [write.insert],
    extra: write.facts,
  });
  const { job, position } = write.read(staged.extra);
  try {
    const approval = verdict.decision === 'ask' ? await openJobApproval(deps, job, verdict.reason) : undefined;
    await startJobRun(deps, job, staged.deliver, approval);
  } catch (error) {
    // No workflow will ever move this row: record why instead of leaving it queued forever.
    await finishJob(deps.db, job.id, { status: 'failed', error: { code: 'SERVER_ERROR', message: 'The job could not be started', details: {} } });
    throw error;
  }
  return jobView(deps.db, job, position);
}

/**
 * A job's job.queued event. Its `created_at` is the row's: given, or (`nowAs`) the time of
 * the statement that writes the row and the event together.
 */
function queuedEvent(job: Pick<JobRow, 'id' | 'userId' | 'tool' | 'arguments'>, createdAt?: Date): PublishInput {
  const data = { job_id: job.id, tool: job.tool, arguments: job.arguments };
  return {
    id: stableUuid(job.id, 'job.queued'),
    kind: 'job.queued',
    userId: job.userId,
    ...(createdAt ? { data: { ...data, created_at: unixSeconds(createdAt) } } : { data, nowAs: 'created_at' }),
  };
}

/**
 * Starts the job's workflow (id = job id) and announces job.queued: by `deliverQueued` when
 * the submit stored the event with the row, else published here. Both are idempotent: the
 * event id is derived from the job, and a workflow that exists (running or closed) is never
 * started again (REJECT_DUPLICATE), so a job is never run twice by calling this again.
 */
export async function startJobRun(deps: Pick<AppDeps, 'events' | 'temporal'>, job: JobRow, deliverQueued?: () => Promise<void>, approval?: ApprovalWait): Promise<void> {
  const args = workflowArgs(TOOL_EXECUTION_WORKFLOW, {
    executionId: job.id,
    mode: 'job',
    userId: job.userId,
    server: job.server,
    tool: job.tool,
    arguments: job.arguments,
    timeLimitMs: job.timeLimitMs,
    ...(approval ? { approval } : {}),
  });
  // Independent: the event and the run; both must succeed for the submit to succeed.
  const queued = deliverQueued ? deliverQueued() : deps.events.publish(queuedEvent(job, job.createdAt));
  const run = deps.temporal.client.workflow.start(TOOL_EXECUTION_WORKFLOW, {
    workflowId: job.id,
    taskQueue: deps.temporal.taskQueue,
    args,
    typedSearchAttributes: runSearchAttributes({ user: job.userId, tool: job.tool, server: job.server }),
    workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
    requestEagerStart: true,
  });
  await Promise.all([queued, run]);
}

/**
 * The approval a job waits on. Its id is derived from the job's, so a restarted orphan (its API
 * died before starting the run) finds the same one, or opens it if the API died even earlier.
 */
export async function openJobApproval(deps: Pick<AppDeps, 'db' | 'config' | 'events'>, job: JobRow, reason: string): Promise<ApprovalWait> {
  const opened = await openCallApproval(deps, { id: stableUuid(job.id, 'call-approval'), userId: job.userId, server: job.server, tool: job.tool, arguments: job.arguments, reason, runKind: 'job', runId: job.id });
  return opened.wait;
}

export async function getJob(deps: AppDeps, userId: string, jobId: string) {
  return jobView(deps.db, await ownJob(deps, userId, jobId));
}

/**
 * getJob's view and the progress the row last recorded, whatever its status: the view shows
 * progress only while running (spec), and a run's last progress may land with its final state.
 */
export async function getJobAndProgress(deps: AppDeps, userId: string, jobId: string) {
  const job = await ownJob(deps, userId, jobId);
  return { view: await jobView(deps.db, job), progress: job.progress };
}

export async function listJobs(deps: AppDeps, userId: string, query: { limit: number; offset: number; status?: JobStatus }) {
  const { rows, total } = await listOwnJobs(deps.db, userId, query);
  const jobs = rows.map((job) => ({
    job_id: job.id,
    tool: job.tool,
    status: job.status,
    created_at: unixSeconds(job.createdAt),
    ...(isFinal(job.status) && job.completedAt ? { completed_at: unixSeconds(job.completedAt) } : {}),
  }));
  return { jobs, pagination: { limit: query.limit, offset: query.offset, total } };
}

/**
 * DELETE /jobs/{id}: only a queued job can be canceled. The projection's conditional
 * update decides a race with the job starting; then the workflow is canceled so it stops
 * waiting for its slot and announces job.canceled.
 */
export async function cancelJob(deps: AppDeps, userId: string, jobId: string, reason: string) {
  const job = await ownJob(deps, userId, jobId);
  const refuse = (status: string) => {
    if (status === 'running') return new AppError('CANNOT_CANCEL_RUNNING', `Job ${jobId} is running and cannot be canceled`, { status });
    return invalidRequest(`Job ${jobId} already ended with status ${status}`, 'job_id', 'already_finished');
  };
  if (job.status === 'canceled') return { job_id: job.id, status: 'canceled' as const, message: 'Job was already canceled' };
  if (job.status !== 'queued') throw refuse(job.status);
  const canceled = await cancelIfQueued(deps.db, userId, jobId, reason);
  if (!canceled) throw refuse((await ownJob(deps, userId, jobId)).status);
  try {
    await deps.temporal.client.workflow.getHandle(jobId).cancel();
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
  }
  return { job_id: jobId, status: 'canceled' as const, message: `Job canceled before it started: ${reason}` };
}
