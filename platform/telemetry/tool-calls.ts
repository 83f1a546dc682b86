import { context, propagation } from '@opentelemetry/api';
import { recordToolCall } from './metrics.ts';
import { errorType, inSpan, SpanKind, tracingEnabled } from './tracing.ts';

/**
 * One MCP tools/call as operators see it: a client span named after the OpenTelemetry MCP
 * conventions ("tools/call <tool>", `mcp.method.name`, `gen_ai.tool.name`,
 * `gen_ai.operation.name` execute_tool, `error.type` on failure) when tracing is on, and the
 * mcp_client_operation_duration_seconds histogram by server, tool and outcome. `run` returns
 * what the call came to; its `kind` (completed, failed, timeout, rejected) is the outcome, and a
 * throw is counted by its error type (MCP_UNAVAILABLE for a call that got no answer).
 *
 * `run` gets the request's `params._meta` trace fields to send (undefined with tracing off):
 * the W3C trace context of the tools/call span, as the OpenTelemetry MCP conventions carry it,
 * so a server that traces makes its span a child of ours.
 */
export async function observeToolCall<T extends { kind: string }>(
  server: string,
  tool: string,
  run: (meta: Record<string, string> | undefined) => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const result = await inSpan(
      `tools/call ${tool}`,
      {
        kind: SpanKind.CLIENT,
        attributes: { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': tool, 'gen_ai.operation.name': 'execute_tool', 'switchboard.server': server },
        outcome: (r) => ({ 'switchboard.outcome': r.kind, ...(r.kind === 'completed' ? {} : { 'error.type': r.kind === 'failed' ? 'tool_error' : r.kind }) }),
      },
      () => run(traceMeta()),
    );
    recordToolCall(server, tool, result.kind, seconds());
    return result;
  } catch (error) {
    recordToolCall(server, tool, errorType(error), seconds());
    throw error;
  }
}

/** The active span's W3C trace context (traceparent, tracestate) as `_meta` fields; undefined without tracing. */
function traceMeta(): Record<string, string> | undefined {
  if (!tracingEnabled()) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : undefined;
}
