import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema, CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** What the in-process test server saw, for assertions from the client side. */
export interface ServerLog {
  aborted: string[];
  headers: Record<string, string | undefined>[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A real SDK McpServer with tools that behave the ways a pool must cope with:
 * `polite-wait` stops when cancelled, `stubborn-wait` ignores cancellation and keeps
 * reporting progress, `fail` returns an isError result, `weather` has an outputSchema.
 */
export function buildToolServer(log: ServerLog): McpServer {
  const server = new McpServer({ name: 'pool-test', version: '1.0.0' });
  server.registerTool('echo', { inputSchema: { message: z.string() } }, async ({ message }) => ({
    content: [{ type: 'text', text: `Echo: ${message}` }],
  }));
  server.registerTool('polite-wait', { inputSchema: { ms: z.number() } }, async ({ ms }, extra) => {
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, ms);
        extra.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        });
      });
    } catch {
      log.aborted.push(String(extra.requestId));
    }
    return { content: [{ type: 'text', text: 'done' }] };
  });
  server.registerTool('stubborn-wait', { inputSchema: { steps: z.number(), stepMs: z.number() } }, async ({ steps, stepMs }, extra) => {
    const token = extra._meta?.progressToken;
    for (let i = 1; i <= steps; i++) {
      await sleep(stepMs);
      // Straight to server.notification, as server-everything does: extra.sendNotification
      // would be muted by the SDK once the request is cancelled, hiding the stubbornness.
      const params = { progressToken: token as string | number, progress: i, total: steps };
      if (token !== undefined) await server.server.notification({ method: 'notifications/progress', params }, { relatedRequestId: extra.requestId });
    }
    return { content: [{ type: 'text', text: 'stubborn done' }] };
  });
  server.registerTool('fail', { inputSchema: {} }, async () => ({
    isError: true,
    content: [{ type: 'text', text: 'this tool always fails' }],
  }));
  server.registerTool(
    'weather',
    { inputSchema: { city: z.string() }, outputSchema: { city: z.string(), celsius: z.number() } },
    async ({ city }) => ({ content: [{ type: 'text', text: `${city}: 21C` }], structuredContent: { city, celsius: 21 } }),
  );
  return server;
}

/** A low-level SDK Server listing `count` tools, `pageSize` per tools/list page. */
export function buildPagedServer(count: number, pageSize: number): Server {
  const server = new Server({ name: 'paged', version: '1.0.0' }, { capabilities: { tools: {} } });
  const tools = Array.from({ length: count }, (_, i) => ({
    name: `tool_${String(i).padStart(3, '0')}`,
    description: `Tool number ${i}`,
    inputSchema: { type: 'object' as const, properties: { n: { type: 'number' } } },
  }));
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const start = Number(request.params?.cursor ?? 0);
    const next = start + pageSize;
    return { tools: tools.slice(start, next), ...(next < tools.length ? { nextCursor: String(next) } : {}) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => ({
    content: [{ type: 'text', text: `called ${request.params.name}` }],
  }));
  return server;
}
