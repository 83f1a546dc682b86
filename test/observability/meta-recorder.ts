import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/**
 * A real Streamable HTTP MCP server for the traces test: its one tool `record` keeps the
 * `params._meta` of every tools/call it receives, so the test sees the trace context a server
 * that traces would continue. Stateless (a fresh MCP server per request).
 */
export async function startMetaRecorder(port: number) {
  const received: Array<Record<string, unknown>> = [];
  const http = createServer((req, res) => {
    const server = new McpServer({ name: 'meta-recorder', version: '1.0.0' });
    server.registerTool('record', { description: 'Records the request metadata it was called with', inputSchema: { note: z.string() } }, async ({ note }, extra) => {
      received.push({ ...(extra._meta ?? {}) });
      return { content: [{ type: 'text', text: `recorded ${note}` }] };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void transport.close());
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch(() => res.headersSent || res.writeHead(500).end());
  });
  await new Promise<void>((resolve, reject) => http.once('error', reject).listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
