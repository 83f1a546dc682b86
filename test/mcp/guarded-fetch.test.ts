import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { TargetRefusedError, createGuardedFetch } from '../../mcp/index.ts';
import type { FetchLike } from '../../mcp/index.ts';
import { DEFAULT_READ_LIMITS } from '../../mcp/read-limits.ts';
import { createTransport } from '../../mcp/transports.ts';
import { captureLogger } from './helpers/capture-logger.ts';
import { startHttpHost } from './helpers/http-host.ts';
import { buildToolServer } from './helpers/test-servers.ts';
import type { ServerLog } from './helpers/test-servers.ts';

const SECRET = 'Bearer tok-guarded-1a2b';

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

// The fetch the pool gives every guarded HTTP session (mcp/guarded-fetch.ts): it must carry the
// SDK's whole exchange (JSON and SSE answers, the legacy SSE stream, headers, progress), and
// refuse what the policy refuses before any byte leaves. allowPrivate: true runs the same code
// path against loopback servers, with the address check switched off.
describe('the guarded fetch under the MCP SDK transports', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function connect(kinds: { streamable: boolean; sse: boolean }, fetch: FetchLike, log: ServerLog = { aborted: [], headers: [] }) {
    const host = await startHttpHost(() => buildToolServer(log), kinds);
    const launch = kinds.streamable
      ? ({ type: 'streamable-http', url: host.mcpUrl, headers: { Authorization: SECRET } } as const)
      : ({ type: 'sse', url: host.sseUrl, headers: { Authorization: SECRET } } as const);
    const client = new Client({ name: 't', version: '1' }, { capabilities: {} });
    cleanups.push(() => host.close(), () => client.close());
    await client.connect(createTransport(launch, kinds.streamable ? 'streamable-http' : 'sse', captureLogger().logger, { maxMessageBytes: DEFAULT_READ_LIMITS.maxMessageBytes, onOversize: () => {} }, fetch));
    return { host, client };
  }

  for (const kinds of [{ streamable: true, sse: false }, { streamable: false, sse: true }]) {
    it(`carries a ${kinds.streamable ? 'Streamable HTTP' : 'legacy SSE'} session: tools, a call with progress, the configured headers`, { timeout: 20_000 }, async () => {
      const { host, client } = await connect(kinds, createGuardedFetch({ allowPrivate: true }));
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('stubborn-wait');
      const progress: number[] = [];
      const result = await client.callTool({ name: 'stubborn-wait', arguments: { steps: 3, stepMs: 30 } }, undefined, { onprogress: (p) => void progress.push(p.progress) });
      expect(result.content).toEqual([{ type: 'text', text: 'stubborn done' }]);
      expect(progress).toEqual([1, 2, 3]);
      expect(host.requests.length).toBeGreaterThan(1);
      expect(host.requests.every((r) => r.headers.authorization === SECRET)).toBe(true);
    });
  }

  it('cancels a call through it: the abort reaches the server, and the session stays usable', { timeout: 20_000 }, async () => {
    const log: ServerLog = { aborted: [], headers: [] };
    const { client } = await connect({ streamable: true, sse: false }, createGuardedFetch({ allowPrivate: true }), log);
    const call = client.callTool({ name: 'polite-wait', arguments: { ms: 10_000 } }, undefined, { signal: AbortSignal.timeout(200) });
    await expect(call).rejects.toThrow();
    await expect.poll(() => log.aborted.length, { timeout: 3_000 }).toBe(1);
    expect((await client.callTool({ name: 'echo', arguments: { message: 'after' } })).content).toEqual([{ type: 'text', text: 'Echo: after' }]);
  });

  it('refuses loopback before connecting: the server sees nothing, the error is classified as never sent', async () => {
    const host = await startHttpHost(() => buildToolServer({ aborted: [], headers: [] }), { streamable: true, sse: false });
    cleanups.push(() => host.close());
    const guarded = createGuardedFetch({ allowPrivate: false });
    for (const url of [host.mcpUrl, host.mcpUrl.replace('127.0.0.1', '[::ffff:127.0.0.1]'), host.mcpUrl.replace('127.0.0.1', 'localhost')]) {
      const error = await guarded(url, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
      expect(error, url).toBeInstanceOf(TypeError);
      expect((error as TypeError).cause).toBeInstanceOf(TargetRefusedError);
    }
    expect(host.requests).toEqual([]);
  });

  it('does not follow a redirect: the 3xx comes back, its target sees nothing', async () => {
    const target = createServer((_req, res) => res.end('internal'));
    const targetPort = await listen(target);
    const redirector = createServer((_req, res) => res.writeHead(307, { location: `http://127.0.0.1:${targetPort}/secret` }).end());
    const redirectorPort = await listen(redirector);
    let hits = 0;
    target.on('request', () => hits++);
    cleanups.push(
      () => new Promise((resolve) => target.close(() => resolve())),
      () => new Promise((resolve) => redirector.close(() => resolve())),
    );
    const response = await createGuardedFetch({ allowPrivate: true })(`http://127.0.0.1:${redirectorPort}/`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe(`http://127.0.0.1:${targetPort}/secret`);
    expect(hits).toBe(0);
  });
});
