import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { EXECUTION_FAILURES, MAX_RESULT_BYTES, MCP_UNAVAILABLE } from '../../contracts/index.ts';
import type { ToolCallOutcome, ToolExecutionInput } from '../../contracts/index.ts';
import { setProgress } from '../../db/jobs/jobs.ts';
import { findRunnableTool } from '../../db/jobs/tool-target.ts';
import { McpCancelledError, McpConnectionError, McpProtocolError, McpTimeoutError } from '../../mcp/index.ts';
import type { CallToolOutcome, ToolProgress } from '../../mcp/index.ts';
import { resolveLaunch } from '../../domain/launch.ts';
import type { ExecutionDeps } from './deps.ts';
import { withoutQuery } from './safe-error.ts';
import { estimateTokens, resultText } from './tokens.ts';
import { validateArguments } from '../../domain/validate-arguments.ts';

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

/**
 * Validates the arguments against the tool's inputSchema, then runs tools/call once within
 * the time limit, and returns what it came to as a value. Nothing is written here but
 * progress: recording is a separate activity, so no failure to record can call the tool again.
 *
 * Only "no answer" is thrown for a retry (a retryable MCP_UNAVAILABLE failure: the server
 * could not be reached or its transport closed before it answered), plus faults of our own
 * before the call (database lookups). Every answer, an error answer included, is returned.
 * Progress notifications become heartbeats (and the job's progress); activity cancellation
 * aborts the MCP call, which sends notifications/cancelled.
 */
export function createCallTool(deps: ExecutionDeps) {
  return async function callTool(input: ToolExecutionInput): Promise<ToolCallOutcome> {
    const ctx = Context.current();
    const target = await findRunnableTool(deps.db, input.server, input.tool).catch((error: unknown) => {
      throw withoutQuery(error);
    });
    const launch = target ? resolveLaunch(target.launch, deps.dataDir) : null;
    if (!target || !launch) {
      return { kind: 'rejected', error: { code: EXECUTION_FAILURES.toolNotFound, message: `Tool ${input.tool} is not available on ${input.server}`, details: {} } };
    }
    const problem = validateArguments(target.inputSchema, input.arguments);
    if (problem) return { kind: 'rejected', error: { code: EXECUTION_FAILURES.invalidArguments, message: problem.message, details: { argument: problem.argument } } };
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
      // Only the database's own words: a failed statement's parameters stay out of the log.
      setProgress(deps.db, input.executionId, toJobProgress(p)).catch((err: unknown) => ctx.log.warn('progress write failed', { err: withoutQuery(err).message }));
    };
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let outcome: CallToolOutcome;
    try {
      outcome = await deps.mcp.callTool(input.server, input.tool, input.arguments, { timeoutMs: input.timeLimitMs, signal: ctx.cancellationSignal, onProgress });
    } catch (error) {
      // Canceled by the workflow: report a cancellation, not a failure, so the run ends Canceled.
      if (error instanceof McpCancelledError) throw ctx.cancellationSignal.aborted ? ctx.cancellationSignal.reason : error;
      if (error instanceof McpTimeoutError) {
        const message = `Tool ${input.tool} exceeded its time limit of ${input.timeLimitMs} ms`;
        return { kind: 'timeout', durationMs: elapsed(), error: { code: EXECUTION_FAILURES.timeout, message, details: { timeout_ms: input.timeLimitMs } } };
      }
      const message = `MCP server ${input.server} failed while running ${input.tool}`;
      // The server answered, but not as MCP allows: an answer all the same, never re-asked.
      if (error instanceof McpProtocolError) return { kind: 'failed', durationMs: elapsed(), error: { code: EXECUTION_FAILURES.toolError, message, details: { tool_error: error.message } } };
      // No answer came: the one case worth asking again (the workflow's retry policy decides how often).
      if (error instanceof McpConnectionError) throw ApplicationFailure.create({ type: MCP_UNAVAILABLE, message, details: [{ tool_error: error.message }] });
      throw withoutQuery(error);
    } finally {
      clearInterval(beat);
    }
    const durationMs = elapsed();
    const result: Record<string, unknown> = { content: outcome.content };
    if (outcome.structuredContent) result.structuredContent = outcome.structuredContent;
    const bytes = Buffer.byteLength(JSON.stringify(result));
    if (bytes > MAX_RESULT_BYTES) {
      const message = `Tool ${input.tool} answered ${bytes} bytes, more than the ${MAX_RESULT_BYTES} a run can hold`;
      return { kind: 'failed', durationMs, error: { code: EXECUTION_FAILURES.toolError, message, details: { tool_error: message, result_bytes: bytes } } };
    }
    if (!outcome.ok) {
      const error = { code: EXECUTION_FAILURES.toolError, message: `Tool ${input.tool} reported an error`, details: { tool_error: resultText(result) } };
      return { kind: 'failed', durationMs, result, error };
    }
    return { kind: 'completed', run: { result, executionTimeMs: durationMs, tokensUsed: estimateTokens(input.arguments, result) } };
  };
}
