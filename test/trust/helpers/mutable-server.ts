import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { startHttpHost } from '../../mcp/helpers/http-host.ts';

/**
 * A real MCP server over streamable HTTP whose tools/list answers whatever `tools` holds at the
 * time of the listing, so a test changes a definition, adds a tool or plants a poisoned one
 * between two listings (an upstream "rug pull"). Every call is recorded in `calls`, so a test
 * proves a held tool was never reached.
 */
export async function startMutableServer(initial: Tool[]) {
  const state = { tools: initial, calls: [] as { name: string; arguments: unknown }[] };
  const host = await startHttpHost(
    () => {
      const server = new Server({ name: 'mutable-test', version: '1.0.0' }, { capabilities: { tools: { listChanged: false } } });
      server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: state.tools }));
      server.setRequestHandler(CallToolRequestSchema, async (request) => {
        state.calls.push({ name: request.params.name, arguments: request.params.arguments });
        return { content: [{ type: 'text', text: `ran ${request.params.name}` }] };
      });
      return server;
    },
    { streamable: true, sse: false },
  );
  return { ...host, state };
}

const numbers = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] };

/** A clean tool, as most servers list them. */
export function cleanTool(name: string, description: string): Tool {
  return { name, description, inputSchema: numbers as Tool['inputSchema'] };
}
