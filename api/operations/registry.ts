import { z } from 'zod';
import { listConnectedServers } from '../services/registry/connected.ts';
import { findTool } from '../services/registry/tools-catalog.ts';
import { defineOperation } from './operation.ts';
import type { RunCaller } from './operation.ts';
import { connectedServers, serverRef, toolDetail, toolName } from './registry-schemas.ts';

// Both take a RunCaller: on REST the admin key (no user) reads them as the public catalog.

/** GET /v1/tools/{tool_name} (with `?server=`) and MCP get_tool. */
export const getTool = defineOperation({
  name: 'get_tool',
  description: 'The full detail of one tool: description, input and output schemas, examples.',
  input: z.object({
    tool_name: toolName.describe('A tool name, or server/name'),
    server: serverRef.optional().describe('The server, when a bare tool name is shared by several'),
  }),
  output: toolDetail,
  auth: 'required',
  rateScope: null,
  errorStatuses: [404],
  annotations: { readOnlyHint: true, openWorldHint: false },
  taskSupport: 'forbidden',
  call: (caller: RunCaller, args) => findTool(caller.deps, caller.userId, args.tool_name, args.server, caller.origin),
  text: (tool) => `${tool.server}/${tool.name}: ${tool.description}\ninputSchema: ${JSON.stringify(tool.inputSchema)}`,
});

/** GET /v1/servers and MCP list_servers: the MCP servers this service connects to for the caller. */
export const listServers = defineOperation({
  name: 'list_servers',
  description: 'The MCP servers this service connects to, with their status and tool counts.',
  input: z.object({}),
  output: connectedServers,
  auth: 'required',
  rateScope: null,
  errorStatuses: [],
  annotations: { readOnlyHint: true, openWorldHint: false },
  taskSupport: 'forbidden',
  call: (caller: RunCaller) => listConnectedServers(caller.deps, caller.userId),
  text: (out) => (out.servers.length ? out.servers.map((s) => `${s.name}: ${s.status}, ${s.tool_count} tools`).join('\n') : 'No servers'),
});
