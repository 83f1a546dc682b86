import { createServer, request } from 'node:http';
import type { Server } from 'node:http';

/**
 * The conformance CLI has no way to send a credential, and /mcp answers 401 without one.
 * This forwards every request to the service unchanged (Host included, so the DNS-rebinding
 * scenario still reaches the service's own check) with the test user's API key added.
 */
export async function startAuthProxy(listenPort: number, targetPort: number, apiKey: string): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    const upstream = request(
      { host: '127.0.0.1', port: targetPort, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, authorization: `Bearer ${apiKey}` } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return server;
}
