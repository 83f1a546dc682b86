import { z } from 'zod';
import { toolDetail } from '../routes/registry/responses.ts';
import { listConnectedServers } from '../services/registry/connected.ts';
import { findTool } from '../services/registry/tools-catalog.ts';
import { defineOperation } from './operation.ts';

/** GET /v1/tools/{name} and MCP get_tool. */
export const getTool = defineOperation({
  name: 'get_tool',
  description: 'The full detail of one tool: description, input and output schemas, examples.',
  input: z.object({ tool_name: z.string().min(1).max(300).describe('A tool name, or server/name') }),
  output: toolDetail,
  auth: 'required',
  rateScope: null,
  errorStatuses: [404],
  annotations: { readOnlyHint: true, openWorldHint: false },
  taskSupport: 'forbidden',
  call: (caller, args) => findTool(caller.deps, caller.userId, args.tool_name),
  text: (tool) => `${tool.server}/${tool.name}: ${tool.description}\ninputSchema: ${JSON.stringify(tool.inputSchema)}`,
});

/** GET /v1/servers and MCP list_servers: the MCP servers this service connects to for the caller. */
export const listServers = defineOperation({
  name: 'list_servers',
  description: 'The MCP servers this service connects to, with their status and tool counts.',
  input: z.object({}),
  output: z.object({
    servers: z.array(z.looseObject({ name: z.string(), status: z.string(), tool_count: z.number().int(), last_checked: z.string().nullable() })),
  }),
  auth: 'required',
  rateScope: null,
  errorStatuses: [],
  annotations: { readOnlyHint: true, openWorldHint: false },
  taskSupport: 'forbidden',
  call: (caller) => listConnectedServers(caller.deps, caller.userId),
  text: (out) => (out.servers.length ? out.servers.map((s) => `${s.name}: ${s.status}, ${s.tool_count} tools`).join('\n') : 'No servers'),
});
