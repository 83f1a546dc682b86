import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/**
 * A real Streamable HTTP MCP server on a fixed 127.0.0.1 port that can be taken down and
 * brought back (connection refused in between), for the retry tests: its one tool `note`
 * counts every call it receives, so a test sees how often the service really called it.
 * Stateless (a fresh MCP server per request): a restart loses nothing a client relies on.
 */
export class CountingHttpServer {
  readonly calls: string[] = [];
  private http: Server | undefined;

  constructor(readonly port: number) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/mcp`;
  }

  async up(): Promise<void> {
    const http = createServer((req, res) => {
      const server = new McpServer({ name: 'counting-http', version: '1.0.0' });
      server.registerTool('note', { description: 'Counts a note', inputSchema: { note: z.string() } }, async ({ note }) => {
        this.calls.push(note);
        return { content: [{ type: 'text', text: `noted ${note}` }] };
      });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => void transport.close());
      server
        .connect(transport)
        .then(() => transport.handleRequest(req, res))
        .catch(() => res.headersSent || res.writeHead(500).end());
    });
    await new Promise<void>((resolve, reject) => http.once('error', reject).listen(this.port, '127.0.0.1', resolve));
    this.http = http;
  }

  /** Stops listening and drops open connections: the next connect is refused. */
  async down(): Promise<void> {
    const http = this.http;
    this.http = undefined;
    if (!http) return;
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  }

  count(note: string): number {
    return this.calls.filter((c) => c === note).length;
  }
}
