import type { TestApp } from '../../support/test-app.ts';
import { createExecutionApp } from '../../execution/helpers/setup.ts';

/**
 * The whole service listening on a real port (a fresh database, the real worker and
 * server-everything in the registry), for the `switchboard` binary to talk to over HTTP.
 * Port 0: the kernel picks a free one, so test files never collide.
 */
export async function startListeningService(env: Record<string, string> = {}): Promise<{ t: TestApp; url: string; requests: string[] }> {
  const t = await createExecutionApp(env);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the service is not listening on a TCP port');
  // Every request the service receives ("POST /v1/execute_tool"), observed beside Fastify's own
  // listener: how a test proves the CLI refused something without sending it.
  const requests: string[] = [];
  t.app.server.on('request', (req: { method?: string; url?: string }) => requests.push(`${req.method} ${req.url?.split('?')[0]}`));
  return { t, url: `http://127.0.0.1:${address.port}`, requests };
}
