import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { EXECUTION_FAILURES } from '../../contracts/index.ts';
import type { ToolExecutionInput, ToolRunResult } from '../../contracts/index.ts';
import { setProgress } from '../../db/jobs/jobs.ts';
import { findRunnableTool } from '../../db/jobs/tool-target.ts';
import { McpCancelledError, McpClientError, McpTimeoutError } from '../../mcp/index.ts';
import type { CallToolOutcome, ToolProgress } from '../../mcp/index.ts';
import { resolveLaunch } from '../registry/launch.ts';
import type { ExecutionDeps } from './deps.ts';
import { recordRun } from './record-run.ts';
import { estimateTokens, resultText } from './tokens.ts';
import { validateArguments } from './validate-arguments.ts';

/** Heartbeats also flow without progress, so a silent long tool is not taken for a dead worker. */
const HEARTBEAT_EVERY_MS = 2_000;
/** Progress is written to the job row at most this often (the SSE stream polls that row). */
const PROGRESS_WRITE_MS = 200;

export function toJobProgress(p: ToolProgress) {
  const total = p.total && p.total > 0 ? p.total : undefined;
  return {
    current_step: p.message ?? (total ? `${p.progress} of ${total}` : String(p.progress)),
    total_steps: total ?? 0,
    percentage: total ? Math.min(100, Math.round((p.progress / total) * 100)) : 0,
  };
}

const failure = (type: string, message: string, details: Record<string, unknown>) =>
  ApplicationFailure.create({ type, message, details: [details], nonRetryable: true });

/**
 * Validates the arguments against the tool's inputSchema, then runs tools/call within the
 * time limit. Progress notifications become heartbeats (and the job's progress); activity
 * cancellation aborts the MCP call, which sends notifications/cancelled. Business failures
 * are non-retryable; a lost worker shows up as a heartbeat timeout and is retried.
 */
export function createRunTool(deps: ExecutionDeps) {
  return async function runTool(input: ToolExecutionInput): Promise<ToolRunResult> {
    const ctx = Context.current();
    const target = await findRunnableTool(deps.db, input.server, input.tool);
    const launch = target ? resolveLaunch(target.launch, deps.dataDir) : null;
    if (!target || !launch) throw failure(EXECUTION_FAILURES.toolNotFound, `Tool ${input.tool} is not available on ${input.server}`, {});
    const problem = validateArguments(target.inputSchema, input.arguments);
    if (problem) throw failure(EXECUTION_FAILURES.invalidArguments, problem.message, { argument: problem.argument });
    deps.mcp.ensure(input.server, launch);

    let last: ToolProgress | undefined;
    let lastWrite = 0;
    // Local activities (direct calls) have no heartbeats: their worker is the workflow's.
    const heartbeat = (details: unknown) => (ctx.info.isLocal ? undefined : ctx.heartbeat(details));
    const beat = setInterval(() => heartbeat(last), HEARTBEAT_EVERY_MS);
    const onProgress = (p: ToolProgress) => {
      last = p;
      heartbeat(p);
      const now = Date.now();
      if (input.mode !== 'job' || (now - lastWrite < PROGRESS_WRITE_MS && p.progress !== p.total)) return;
      lastWrite = now;
      setProgress(deps.db, input.executionId, toJobProgress(p)).catch((err) => ctx.log.warn('progress write failed', { err: String(err) }));
    };
    const started = performance.now();
    let outcome: CallToolOutcome;
    try {
      outcome = await deps.mcp.callTool(input.server, input.tool, input.arguments, { timeoutMs: input.timeLimitMs, signal: ctx.cancellationSignal, onProgress });
    } catch (error) {
      const durationMs = Math.round(performance.now() - started);
      // Canceled by the workflow: report a cancellation, not a failure, so the run ends Canceled.
      if (error instanceof McpCancelledError) throw ctx.cancellationSignal.aborted ? ctx.cancellationSignal.reason : error;
      if (error instanceof McpTimeoutError) {
        const message = `Tool ${input.tool} exceeded its time limit of ${input.timeLimitMs} ms`;
        await recordRun(deps, input, { status: 'timeout', durationMs, error: { code: EXECUTION_FAILURES.timeout, message, details: {} } });
        throw failure(EXECUTION_FAILURES.timeout, message, { timeout_ms: input.timeLimitMs });
      }
      if (!(error instanceof McpClientError)) throw error;
      // The server died, refused or broke protocol mid-call: a clear failure, never a silent re-run.
      const message = `MCP server ${input.server} failed while running ${input.tool}`;
      await recordRun(deps, input, { status: 'failed', durationMs, error: { code: EXECUTION_FAILURES.toolError, message, details: { tool_error: error.message } } });
      throw failure(EXECUTION_FAILURES.toolError, message, { tool_error: error.message });
    } finally {
      clearInterval(beat);
    }
    const durationMs = Math.round(performance.now() - started);
    const result: Record<string, unknown> = { content: outcome.content };
    if (outcome.structuredContent) result.structuredContent = outcome.structuredContent;
    if (!outcome.ok) {
      const toolError = resultText(result);
      const message = `Tool ${input.tool} reported an error`;
      await recordRun(deps, input, { status: 'failed', durationMs, result, error: { code: EXECUTION_FAILURES.toolError, message, details: { tool_error: toolError } } });
      throw failure(EXECUTION_FAILURES.toolError, message, { tool_error: toolError });
    }
    await recordRun(deps, input, { status: 'completed', durationMs, result });
    return { result, executionTimeMs: durationMs, tokensUsed: estimateTokens(input.arguments, result) };
  };
}
