import { ApplicationFailure } from '@temporalio/common';
import { EXECUTION_FAILURES, MAX_RESULT_BYTES, MCP_UNAVAILABLE } from '../../contracts/index.ts';
import type { ToolCallOutcome, ToolExecutionInput } from '../../contracts/index.ts';
import { shownServerName, withShownServerName } from '../../db/registry/server-keys.ts';
import { McpConnectionError, McpProtocolError, McpTimeoutError, McpToolRefusedError, targetRefused } from '../../mcp/index.ts';
import type { CallToolOutcome } from '../../mcp/index.ts';
import { withoutQuery } from './safe-error.ts';
import { estimateTokens, resultText } from './tokens.ts';

/**
 * The one place an MCP answer becomes the domain's result (contracts ToolCallOutcome): from
 * here to every face the run is this value, and a failure is its ExecutionError.
 */
export function answered(outcome: CallToolOutcome, input: ToolExecutionInput, durationMs: number): ToolCallOutcome {
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
}

/**
 * What a call that threw comes to (DESIGN.md 8: only a call that got no answer is retried).
 * Returned, never asked again: a timeout (the run's final state) and a protocol error (the
 * server answered, with an error). Thrown as a retryable MCP_UNAVAILABLE failure: a request
 * that never left (McpUnreachableError) and a connection lost before any answer (the server
 * died mid-call), bounded by CALL_ATTEMPTS; the last attempt's failure ends the run as
 * EXECUTION_ERROR (workflows/tool-execution.ts). Anything else is ours and thrown as it is
 * (safely worded).
 */
export function unanswered(error: unknown, input: ToolExecutionInput, durationMs: number): ToolCallOutcome {
  // The user's OAuth connection is gone (its AS refused a refresh): nothing was called, only they can mend it.
  if (needsReconnect(error)) {
    const server = shownServerName(input.server);
    const message = `Tool ${server}/${input.tool} needs you to connect ${server} again: its authorization server no longer accepts the connection`;
    return { kind: 'rejected', error: { code: EXECUTION_FAILURES.credentialsRequired, message, details: { server, reconnect: true } } };
  }
  // The instance's listing, checked when it started, held this tool (issue 37, item 1): nothing was called.
  if (error instanceof McpToolRefusedError) {
    const message = `Tool ${shownServerName(input.server)}/${input.tool} is held for review: ${error.reason}; an admin must approve it before it runs`;
    return { kind: 'rejected', error: { code: EXECUTION_FAILURES.toolHeld, message, details: { server: shownServerName(input.server) } } };
  }
  if (error instanceof McpTimeoutError) {
    const message = `Tool ${input.tool} exceeded its time limit of ${input.timeLimitMs} ms`;
    return { kind: 'timeout', durationMs, error: { code: EXECUTION_FAILURES.timeout, message, details: { timeout_ms: input.timeLimitMs } } };
  }
  // An owned server's key (docs/decisions.md, "Custom server names per owner") is never shown.
  const message = `MCP server ${shownServerName(input.server)} failed while running ${input.tool}`;
  const toolError = error instanceof Error ? withShownServerName(error.message, input.server) : '';
  // The target policy refused the server's address: the tool cannot have run, and another
  // attempt would be refused the same way, so this is the run's outcome, not a retry.
  if (error instanceof McpConnectionError && targetRefused(error)) {
    return { kind: 'failed', durationMs, error: { code: EXECUTION_FAILURES.toolError, message, details: { tool_error: toolError } } };
  }
  if (error instanceof McpConnectionError) throw ApplicationFailure.create({ type: MCP_UNAVAILABLE, message, details: [{ tool_error: toolError }] });
  if (error instanceof McpProtocolError) {
    return { kind: 'failed', durationMs, error: { code: EXECUTION_FAILURES.toolError, message, details: { tool_error: toolError } } };
  }
  throw withoutQuery(error);
}

/** Whether the error, or a cause of it, is platform/oauth-client's OAuthReconnectRequired (known by its code: mcp/ wraps it). */
function needsReconnect(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === 'OAUTH_RECONNECT_REQUIRED') return true;
  }
  return false;
}
