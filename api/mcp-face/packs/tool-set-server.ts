import { createHash } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, ServerNotification, ServerRequest, Tool } from '@modelcontextprotocol/sdk/types.js';
import { DIRECT_TIME_LIMIT } from '../../../contracts/index.ts';
import type { User } from '../../../db/schema/index.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { executeTool } from '../../services/execution/execute-tool.ts';
import type { ToolSetEntry } from '../../services/registry/tool-sets.ts';
import { refusalOf } from '../server/rpc-batch.ts';
import type { Refusals } from '../server/rpc-batch.ts';
import { nameTools } from './tool-names.ts';

/** What a pack endpoint (or the enabled-servers endpoint) offers: a key for sessions and how to read its tools. */
export interface ToolSetScope {
  key: string;
  /** Shown to clients as the server's name (serverInfo.name). */
  label: string;
  load(deps: AppDeps, user: User): Promise<ToolSetEntry[]>;
}

/** Who the current HTTP request acts for: set by the route on each request (fresh user row, request logger). */
export interface Caller {
  user: User;
  log: Logger;
  /** Messages of this request's batch that a rate limit refused (../server/rpc-batch.ts): answered without running. */
  refused?: Refusals;
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export function callerOf(extra: Extra): Caller {
  const caller = extra.authInfo?.extra?.caller as Caller | undefined;
  // The route sets it on every request it hands over; without it the request never got here.
  if (!caller) throw new McpError(ErrorCode.InternalError, 'No caller on this request');
  return caller;
}

export interface Listing {
  tools: Tool[];
  byName: Map<string, ToolSetEntry>;
  /** Changes whenever anything a client sees in tools/list changes. */
  fingerprint: string;
}

function inputSchemaOf(schema: Record<string, unknown>): Tool['inputSchema'] {
  // MCP requires an object schema; a registry row without `type` still describes an object's properties.
  return { ...schema, type: 'object' } as Tool['inputSchema'];
}

export function renderListing(entries: ToolSetEntry[]): Listing {
  const byName = nameTools(entries);
  const tools: Tool[] = [...byName].map(([name, entry]) => ({
    name,
    title: `${entry.name} (${entry.server})`,
    description: entry.description,
    inputSchema: inputSchemaOf(entry.inputSchema),
    ...(entry.outputSchema ? { outputSchema: inputSchemaOf(entry.outputSchema) as Tool['outputSchema'] } : {}),
    _meta: { 'switchboard/server': entry.server, 'switchboard/tool': entry.name },
  }));
  const fingerprint = createHash('sha256').update(JSON.stringify(tools)).digest('hex');
  return { tools, byName, fingerprint };
}

const text = (message: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text: message }] });

/**
 * A failed run as the MCP answer: what the tool or its arguments got wrong is a tool result
 * with isError (the model can read it and try again, MCP 2025-11-25 "Error Handling");
 * anything else is a protocol error with the service's fixed message.
 */
function failure(error: unknown, flatName: string): CallToolResult {
  if (!(error instanceof AppError)) throw error;
  const argument = error.details.argument ?? error.extra.argument;
  switch (error.code) {
    case 'EXECUTION_ERROR':
      return text(String(error.details.tool_error ?? error.message));
    case 'INVALID_REQUEST':
    case 'INVALID_ARGUMENTS':
      return text(argument ? `Invalid argument ${String(argument)}: ${error.message}` : error.message);
    case 'TIMEOUT':
    case 'EXECUTION_TIMEOUT':
    case 'TOOL_NOT_FOUND':
      return text(error.message);
    default:
      throw new McpError(ErrorCode.InternalError, `${flatName}: ${error.message}`);
  }
}

/**
 * One SDK server per session: tools/list reads the scope's tools now (so a change is seen at
 * once), tools/call finds the flat name in the session's latest listing (read again when the
 * name is not in it) and runs the tool through the execution service, the workflow
 * POST /v1/execute_tool uses.
 */
/** What a session remembers of its tool set: the latest listing read, and whether the client has seen it. */
export interface ListingMemory {
  latest(): Listing | undefined;
  /** `shown`: the client received this listing (tools/list), so it is what list_changed compares with. */
  remember(listing: Listing, shown: boolean): void;
}

export function createToolSetServer(deps: AppDeps, scope: ToolSetScope, memory: ListingMemory): Server {
  const server = new Server(
    { name: `switchboard-${scope.label}`, version: '1.0.0' },
    {
      capabilities: { tools: { listChanged: true } },
      instructions: `The tools of ${scope.label} on Switchboard, named <server>__<tool>. Each call runs through Switchboard's execution service.`,
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async (_request, extra) => {
    const caller = callerOf(extra);
    const listing = renderListing(await scope.load(deps, caller.user));
    memory.remember(listing, true);
    return { tools: listing.tools };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const caller = callerOf(extra);
    // Past the rate limit within a batch: refused before anything else runs or is looked up.
    const refusal = refusalOf(caller.refused, extra.requestId);
    if (refusal) return text(`${refusal.code}: ${refusal.message}`);
    const flatName = request.params.name;
    // The listing the poller last read (at most one tick old) spares three queries per call; it
    // can only narrow what the user may run anyway: execution applies every rule of its own.
    let entry = memory.latest()?.byName.get(flatName);
    if (!entry) {
      const listing = renderListing(await scope.load(deps, caller.user));
      memory.remember(listing, false);
      entry = listing.byName.get(flatName);
    }
    if (!entry) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${flatName} is not among the tools of ${scope.label}`);
    caller.log.info({ mcp_method: 'tools/call', tool: flatName, server: entry.server }, 'mcp tool call');
    try {
      const out = await executeTool(deps, {
        userId: caller.user.id,
        tool: `${entry.server}/${entry.name}`,
        arguments: request.params.arguments ?? {},
        timeoutMs: DIRECT_TIME_LIMIT.defaultMs,
      });
      return out.run.result as CallToolResult;
    } catch (error) {
      return failure(error, flatName);
    }
  });
  return server;
}
