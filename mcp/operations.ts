import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ContentBlock, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import { backstopTimeout } from './deadline.ts';
import { McpProtocolError } from './errors.ts';
import type { ReadLimits } from './read-limits.ts';

/** A tool as tools/list describes it; serializable (Temporal payloads, db rows). */
export interface ToolDescriptor {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Tool['inputSchema'];
  outputSchema?: Tool['outputSchema'];
  annotations?: Tool['annotations'];
  /** `taskSupport: 'required'` tools cannot be run by callTool (task-based execution only). */
  execution?: Tool['execution'];
}

/** One MCP progress notification, as the tool reported it. */
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

export interface CallToolOptions {
  /** Time limit for the whole call, connecting included. */
  timeoutMs: number;
  /** Aborting cancels the call on the server (`notifications/cancelled`). */
  signal?: AbortSignal;
  onProgress?: (progress: ToolProgress) => void;
  /**
   * Extra `params._meta` fields of the request, e.g. the caller's W3C trace context
   * (`traceparent`, `tracestate`) so a server that traces continues the caller's trace.
   */
  meta?: Record<string, string>;
}

/**
 * Outcome of tools/call. `ok: false` is a tool failure (the result had `isError: true`):
 * the server worked and the tool said no. Crashes and timeouts are thrown instead.
 */
export type CallToolOutcome =
  | { ok: true; content: ContentBlock[]; structuredContent?: Record<string, unknown> }
  | { ok: false; isError: true; content: ContentBlock[]; structuredContent?: Record<string, unknown> };

/**
 * tools/list across every page, following `nextCursor` until the server stops giving one,
 * within `limits`: a server handing out cursors forever, or listing without end, is stopped
 * at the first page past a bound (read-limits.ts); each page is bounded by the message cap.
 */
export async function listAllTools(server: string, client: Client, signal: AbortSignal, timeoutMs: number, limits: ReadLimits): Promise<ToolDescriptor[]> {
  const tools: ToolDescriptor[] = [];
  const seen = new Set<string>();
  let bytes = 0;
  let cursor: string | undefined;
  for (let page = 0; page < limits.maxListPages; page++) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor }, { signal, timeout: backstopTimeout(timeoutMs) });
    if (tools.length + result.tools.length > limits.maxListTools) {
      throw new McpProtocolError(server, `MCP server "${server}" listed more than ${limits.maxListTools} tools`);
    }
    for (const tool of result.tools) {
      const descriptor = toDescriptor(tool);
      bytes += Buffer.byteLength(JSON.stringify(descriptor));
      if (bytes > limits.maxListBytes) throw new McpProtocolError(server, `MCP server "${server}" listed more than ${limits.maxListBytes} bytes of tools`);
      tools.push(descriptor);
    }
    cursor = result.nextCursor;
    if (cursor === undefined) return tools;
    if (seen.has(cursor)) throw new McpProtocolError(server, `MCP server "${server}" repeated tools/list cursor`);
    seen.add(cursor);
  }
  throw new McpProtocolError(server, `MCP server "${server}" returned more than ${limits.maxListPages} tools/list pages`);
}

/**
 * tools/call with a progress token always attached (the SDK adds one when `onprogress`
 * is given), so servers that report progress do so even if the caller does not listen.
 */
export async function callToolOnce(
  client: Client,
  tool: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
  options: CallToolOptions,
  logger: Logger,
): Promise<CallToolOutcome> {
  // The SDK merges its progressToken into this _meta.
  const params = options.meta ? { name: tool, arguments: args, _meta: options.meta } : { name: tool, arguments: args };
  const result = await client.callTool(params, undefined, {
    signal,
    timeout: backstopTimeout(options.timeoutMs),
    onprogress: (p) => {
      try {
        const progress: ToolProgress = { progress: p.progress };
        if (p.total !== undefined) progress.total = p.total;
        if (p.message !== undefined) progress.message = p.message;
        options.onProgress?.(progress);
      } catch (error) {
        // A failing listener must not fail the call it is listening to.
        logger.warn({ tool, err: (error as Error).message }, 'onProgress listener threw');
      }
    },
  });
  const content = (result.content ?? []) as ContentBlock[];
  const structured = result.structuredContent as Record<string, unknown> | undefined;
  const extra = structured === undefined ? {} : { structuredContent: structured };
  if (result.isError === true) return { ok: false, isError: true, content, ...extra };
  return { ok: true, content, ...extra };
}

function toDescriptor(tool: Tool): ToolDescriptor {
  const descriptor: ToolDescriptor = { name: tool.name, inputSchema: tool.inputSchema };
  if (tool.title !== undefined) descriptor.title = tool.title;
  if (tool.description !== undefined) descriptor.description = tool.description;
  if (tool.outputSchema !== undefined) descriptor.outputSchema = tool.outputSchema;
  if (tool.annotations !== undefined) descriptor.annotations = tool.annotations;
  if (tool.execution !== undefined) descriptor.execution = tool.execution;
  return descriptor;
}
