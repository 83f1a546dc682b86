import { createHash } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, ServerNotification, ServerRequest, Tool } from '@modelcontextprotocol/sdk/types.js';
import { DIRECT_TIME_LIMIT } from '../../../contracts/index.ts';
import type { User } from '../../../db/schema/index.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { AppDeps } from '../../context.ts';
import { executeTool } from '../../operations/execution.ts';
import type { ToolSetEntry } from '../../services/registry/tool-sets.ts';
import { refusalOf } from '../server/rpc-batch.ts';
import { credentialsElicitation, failure } from '../tool-errors.ts';
import { forbidden } from '../../errors.ts';
import type { Refusals } from '../server/rpc-batch.ts';
import { nameTools } from './tool-names.ts';
import { availabilityOfMany } from '../../services/retrieval/availability.ts';
import type { RunState } from '../../services/retrieval/availability.ts';

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
  /** The scopes of an OAuth access token of ours; absent for keys and sessions. Running a pack's tool needs `run`. */
  scopes?: readonly string[];
  log: Logger;
  /** The address the client reached us at (links in errors, such as CREDENTIALS_REQUIRED's setup page). */
  origin?: string;
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

const toolKey = (entry: ToolSetEntry) => `${entry.serverKey}/${entry.name}`;

/** Each listed tool's availability state for this user, judged once for the whole listing (one facts query). */
async function runStates(deps: AppDeps, entries: ToolSetEntry[], userId: string): Promise<Map<string, RunState>> {
  const judged = await availabilityOfMany(deps.db, { userId }, entries.map((e) => ({ serverKey: e.serverKey, toolName: e.name })));
  return new Map(entries.map((e, i) => [toolKey(e), judged[i]!.state]));
}

/**
 * A scope's tools for a user as a client sees them, states included: the one reading of a listing
 * (tools/list, a call's lookup, the change poller, a session's first fingerprint), so a change of
 * state (installed, credentials set) is a list change like any other.
 */
export async function loadListing(deps: AppDeps, scope: ToolSetScope, user: User): Promise<Listing> {
  const entries = await scope.load(deps, user);
  return renderListing(entries, await runStates(deps, entries, user.id));
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

export function renderListing(entries: ToolSetEntry[], states: Map<string, RunState> = new Map()): Listing {
  const byName = nameTools(entries);
  const tools: Tool[] = [...byName].map(([name, entry]) => ({
    name,
    title: `${entry.name} (${entry.server})`,
    description: entry.description,
    inputSchema: inputSchemaOf(entry.inputSchema),
    ...(entry.outputSchema ? { outputSchema: inputSchemaOf(entry.outputSchema) as Tool['outputSchema'] } : {}),
    _meta: {
      'switchboard/server': entry.server,
      'switchboard/tool': entry.name,
      // What a call needs first, as retrieval says it (availability.state); absent when not judged.
      ...(states.has(toolKey(entry)) ? { 'switchboard/availability': states.get(toolKey(entry)) } : {}),
    },
  }));
  const fingerprint = createHash('sha256').update(JSON.stringify(tools)).digest('hex');
  return { tools, byName, fingerprint };
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
    const listing = await loadListing(deps, scope, caller.user);
    memory.remember(listing, true);
    return { tools: listing.tools };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const caller = callerOf(extra);
    // Past the rate limit within a batch: refused before anything else runs or is looked up.
    const refusal = refusalOf(caller.refused, extra.requestId);
    if (refusal) return failure(refusal, caller.log);
    const flatName = request.params.name;
    // The listing the poller last read (at most one tick old) spares three queries per call; it
    // can only narrow what the user may run anyway: execution applies every rule of its own.
    let entry = memory.latest()?.byName.get(flatName);
    if (!entry) {
      const listing = await loadListing(deps, scope, caller.user);
      memory.remember(listing, false);
      entry = listing.byName.get(flatName);
    }
    if (!entry) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${flatName} is not among the tools of ${scope.label}`);
    caller.log.info({ mcp_method: 'tools/call', tool: flatName, server: entry.server }, 'mcp tool call');
    if (caller.scopes && !caller.scopes.includes('run')) return failure(forbidden('This token lacks the scope "run" that running a tool needs'), caller.log);
    try {
      // The execute_tool operation with its default time limit; the answer is the tool's own result.
      const args = { tool_name: `${entry.server}/${entry.name}`, params: request.params.arguments ?? {}, timeout: DIRECT_TIME_LIMIT.defaultMs };
      const run = await executeTool.call({ deps, userId: caller.user.id }, args);
      return run.result as CallToolResult;
    } catch (error) {
      // A session knows what its client declared at initialize: URL-mode elicitation where it can.
      const elicitation = credentialsElicitation(error, { origin: caller.origin ?? '', urlElicitation: Boolean(server.getClientCapabilities()?.elicitation?.url) });
      if (elicitation) throw elicitation;
      // Worded as on /mcp: the one error renderer of the MCP faces (../tool-errors.ts).
      return failure(error, caller.log, caller.origin);
    }
  });
  return server;
}
