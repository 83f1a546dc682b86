import { randomUUID } from 'node:crypto';
import { runSearchAttributes, TOOL_EXECUTION_WORKFLOW } from '../../../contracts/index.ts';
import type { ToolExecutionInput, ToolExecutionOutput } from '../../../contracts/index.ts';
import type { AppDeps } from '../../context.ts';
import { executionError } from './failures.ts';
import type { Variant } from './failures.ts';
import { resolveTool } from './resolve-tool.ts';

/** Slack over the tool's limit for the run as a whole (queueing on the worker, recording). */
const RUN_SLACK_MS = 5_000;

export interface DirectExecution {
  userId: string | null;
  tool: string;
  arguments: Record<string, unknown>;
  timeoutMs: number;
  variant: Variant;
}

export interface DirectResult extends ToolExecutionOutput {
  executionId: string;
  tool: string;
}

/**
 * Direct execution (spec, Execution and jobs): the same workflow type as a job, started
 * and awaited. Temporal ends the run at the limit plus slack even if no worker takes it.
 */
export async function executeTool(deps: AppDeps, request: DirectExecution): Promise<DirectResult> {
  const target = await resolveTool(deps.db, request.tool, request.userId);
  const executionId = randomUUID();
  const input: ToolExecutionInput = {
    executionId,
    mode: 'direct',
    userId: request.userId,
    server: target.server,
    tool: target.tool,
    arguments: request.arguments,
    timeLimitMs: request.timeoutMs,
  };
  try {
    const output = await deps.temporal.client.workflow.execute(TOOL_EXECUTION_WORKFLOW, {
      workflowId: executionId,
      taskQueue: deps.temporal.taskQueue,
      args: [input],
      workflowExecutionTimeout: request.timeoutMs + RUN_SLACK_MS,
      // With a worker in this process (embedded mode) the run skips the task-queue hop.
      requestEagerStart: true,
      typedSearchAttributes: runSearchAttributes({ user: request.userId, tool: target.tool, server: target.server }),
    });
    return { ...(output as ToolExecutionOutput), executionId, tool: request.tool };
  } catch (error) {
    throw executionError(error, request.variant, request.tool, request.timeoutMs);
  }
}
