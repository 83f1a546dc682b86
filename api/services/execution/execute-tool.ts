import { randomUUID } from 'node:crypto';
import { runSearchAttributes, TOOL_EXECUTION_WORKFLOW, toolRunResult, workflowArgs } from '../../../contracts/index.ts';
import type { ToolRunResult } from '../../../contracts/index.ts';
import type { AppDeps } from '../../context.ts';
import { runFailure } from './failures.ts';
import { runnableTool } from './resolve-tool.ts';
import { awaitPackageInstall } from './await-install.ts';
import { AppError } from '../../errors.ts';
import type { ToolTarget } from '../../../db/jobs/tool-target.ts';
import type { CallVerdict } from '../../../domain/trust/call-policy.ts';
import { submitCheckedJob } from '../jobs/jobs.ts';
import { approvalLinks, callVerdict } from '../trust/call-gate.ts';
import { stableUuid } from '../../../domain/stable-id.ts';

/** Slack over the tool's limit for the run as a whole (queueing on the worker, recording). */
const RUN_SLACK_MS = 5_000;

export interface DirectExecution {
  userId: string | null;
  tool: string;
  arguments: Record<string, unknown>;
  timeoutMs: number;
}

/** A completed direct run: the same result for every face (REST root, REST v1, MCP). */
export interface DirectResult {
  executionId: string;
  tool: string;
  run: ToolRunResult;
}

/**
 * Direct execution (spec, Execution and jobs): the same workflow type as a job, started
 * and awaited. Temporal ends the run at the limit plus slack even if no worker takes it.
 * Throws AppError in the domain's codes (failures.ts); each face words them its own way.
 */
export async function executeTool(deps: AppDeps, request: DirectExecution): Promise<DirectResult> {
  const target = await runnableTool(deps.db, request.tool, request.userId, request.arguments);
  const verdict = await callVerdict(deps, target, request.userId);
  if (verdict.decision === 'ask' && request.userId) throw await waitingJob(deps, request.userId, target, request, verdict);
  // A first call waits for its server's install here, outside the tool's own time limit.
  await awaitPackageInstall(deps, target, true);
  const executionId = randomUUID();
  const args = workflowArgs(TOOL_EXECUTION_WORKFLOW, {
    executionId,
    mode: 'direct',
    userId: request.userId,
    server: target.server,
    tool: target.tool,
    arguments: request.arguments,
    timeLimitMs: request.timeoutMs,
  });
  let output: unknown;
  try {
    output = await deps.temporal.client.workflow.execute(TOOL_EXECUTION_WORKFLOW, {
      workflowId: executionId,
      taskQueue: deps.temporal.taskQueue,
      args,
      workflowExecutionTimeout: request.timeoutMs + RUN_SLACK_MS,
      // With a worker in this process (embedded mode) the run skips the task-queue hop.
      requestEagerStart: true,
      typedSearchAttributes: runSearchAttributes({ user: request.userId, tool: target.tool, server: target.server }),
    });
  } catch (error) {
    const failure = runFailure(error, request.tool, request.timeoutMs);
    // Its instance's start showed that the tool asks (a pin learns annotations from the first listing): it waits like any call that asks.
    if (failure.code === 'APPROVAL_REQUIRED' && request.userId) throw await waitingJob(deps, request.userId, target, request, { decision: 'ask', reason: String(failure.details.reason) });
    throw failure;
  }
  return { executionId, tool: request.tool, run: toolRunResult.parse(output) };
}

/**
 * A direct call that must wait for its owner (decisions.md, "Risky calls wait for a person"): it
 * becomes a job that waits durably, and the caller is answered at once with 409
 * APPROVAL_REQUIRED naming the approval and the job (a request held open for hours would be a
 * hung request). Once approved the job runs; GET /jobs/{job_id} has its result.
 */
async function waitingJob(deps: AppDeps, userId: string, target: ToolTarget, request: DirectExecution, verdict: CallVerdict): Promise<AppError> {
  const job = await submitCheckedJob(deps, userId, target, { arguments: request.arguments, timeout_ms: request.timeoutMs }, verdict);
  const jobId = String(job.job_id);
  const approvalId = stableUuid(jobId, 'call-approval');
  return new AppError(
    'APPROVAL_REQUIRED',
    `Call to ${request.tool} waits for your approval (${verdict.reason}) as job ${jobId}: approve or deny it in the console (/console/approvals), ` +
      `with \`switchboard approvals approve ${approvalId}\` or POST ${approvalLinks(approvalId).approve}; then read its result at GET /jobs/${jobId}`,
    { approval_id: approvalId, job_id: jobId, ...approvalLinks(approvalId) },
  );
}
