import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/** Anything with `connect(transport)`: McpServer and the low-level Server both qualify. */
interface Connectable {
  connect(transport: Transport): Promise<void>;
}

export interface HttpHost {
  /** Streamable HTTP endpoint (absent when the host serves SSE only). */
  mcpUrl: string;
  /** Legacy SSE endpoint (GET opens the stream, POST /messages sends). */
  sseUrl: string;
  requests: { method: string; path: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

/**
 * A node:http server on a random 127.0.0.1 port hosting a fresh MCP server per session,
 * over Streamable HTTP at /mcp and/or the deprecated HTTP+SSE transport at /sse.
 */
export async function startHttpHost(factory: () => Connectable, kinds: { streamable: boolean; sse: boolean }): Promise<HttpHost> {
  const streamable = new Map<string, StreamableHTTPServerTransport>();
  const sse = new Map<string, SSEServerTransport>();
  const requests: HttpHost['requests'] = [];
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers });
    handle(req, res, url).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (kinds.streamable && url.pathname === '/mcp') {
      const id = req.headers['mcp-session-id'];
      let transport = typeof id === 'string' ? streamable.get(id) : undefined;
      if (!transport) {
        transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sid) => void streamable.set(sid, transport as StreamableHTTPServerTransport),
        });
        await factory().connect(transport);
      }
      await transport.handleRequest(req, res);
      return;
    }
    if (kinds.sse && url.pathname === '/sse' && req.method === 'GET') {
      const transport = new SSEServerTransport('/messages', res);
      sse.set(transport.sessionId, transport);
      res.on('close', () => sse.delete(transport.sessionId));
      await factory().connect(transport);
      return;
    }
    if (kinds.sse && url.pathname === '/messages' && req.method === 'POST') {
      const transport = sse.get(url.searchParams.get('sessionId') ?? '');
      if (!transport) return void res.writeHead(404).end('unknown session');
      await transport.handlePostMessage(req, res);
      return;
    }
    res.writeHead(404).end('not found');
  }
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    mcpUrl: `http://127.0.0.1:${port}/mcp`,
    sseUrl: `http://127.0.0.1:${port}/sse`,
    requests,
    async close() {
      try {
        await Promise.allSettled([...streamable.values(), ...sse.values()].map((t) => t.close()));
      } finally {
        http.closeAllConnections();
        await new Promise((resolve) => http.close(resolve));
      }
    },
  };
}
