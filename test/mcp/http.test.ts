import { afterEach, describe, expect, it } from 'vitest';
import { McpSessionPool, McpTimeoutError } from '../../mcp/index.ts';
import type { ToolProgress } from '../../mcp/index.ts';
import { captureLogger } from './helpers/capture-logger.ts';
import { startHttpHost } from './helpers/http-host.ts';
import type { HttpHost } from './helpers/http-host.ts';
import { buildPagedServer, buildToolServer } from './helpers/test-servers.ts';
import type { ServerLog } from './helpers/test-servers.ts';

const SECRET = 'Bearer tok-9f8e7d6c5b4a';

describe('McpSessionPool over HTTP (in-process SDK servers on 127.0.0.1)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup(kinds: { streamable: boolean; sse: boolean }) {
    const log: ServerLog = { aborted: [], headers: [] };
    let sessions = 0;
    const host: HttpHost = await startHttpHost(() => {
      sessions++;
      return buildToolServer(log);
    }, kinds);
    const { logger, lines } = captureLogger();
    const pool = new McpSessionPool(logger, { cancelGraceMs: 100 });
    cleanups.push(() => host.close(), () => pool.close());
    return { log, host, pool, lines, sessions: () => sessions };
  }

  it('calls tools over streamable HTTP, sending configured headers but never logging them', { timeout: 20_000 }, async () => {
    const { host, pool, lines } = await setup({ streamable: true, sse: false });
    pool.register('remote', { type: 'streamable-http', url: host.mcpUrl, headers: { Authorization: SECRET } });
    const tools = await pool.listTools('remote');
    expect(tools.map((t) => t.name)).toEqual(['echo', 'polite-wait', 'stubborn-wait', 'fail', 'weather']);
    expect(tools.find((t) => t.name === 'weather')?.outputSchema).toMatchObject({ type: 'object' });
    expect(await pool.callTool('remote', 'echo', { message: 'over http' }, { timeoutMs: 5_000 })).toEqual({
      ok: true,
      content: [{ type: 'text', text: 'Echo: over http' }],
    });
    expect(await pool.callTool('remote', 'weather', { city: 'Oslo' }, { timeoutMs: 5_000 })).toMatchObject({
      ok: true,
      structuredContent: { city: 'Oslo', celsius: 21 },
    });
    expect(await pool.callTool('remote', 'fail', {}, { timeoutMs: 5_000 })).toEqual({
      ok: false,
      isError: true,
      content: [{ type: 'text', text: 'this tool always fails' }],
    });
    expect(host.requests.every((r) => r.headers.authorization === SECRET)).toBe(true);
    expect(lines.join('\n')).not.toContain('tok-9f8e7d6c5b4a');
  });

  it('really cancels on timeout: the server sees notifications/cancelled and the session is kept', { timeout: 20_000 }, async () => {
    const { host, pool, log, sessions } = await setup({ streamable: true, sse: false });
    pool.register('remote', { type: 'streamable-http', url: host.mcpUrl });
    await pool.callTool('remote', 'echo', { message: 'warm' }, { timeoutMs: 5_000 });
    const started = Date.now();
    await expect(pool.callTool('remote', 'polite-wait', { ms: 10_000 }, { timeoutMs: 300 })).rejects.toBeInstanceOf(McpTimeoutError);
    expect(Date.now() - started).toBeLessThan(1_500);
    await expect.poll(() => log.aborted.length, { timeout: 3_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await pool.callTool('remote', 'echo', { message: 'same session' }, { timeoutMs: 5_000 });
    expect(sessions()).toBe(1);
  });

  it('resets the session when the server keeps working on a cancelled call', { timeout: 20_000 }, async () => {
    const { host, pool, sessions, lines } = await setup({ streamable: true, sse: false });
    pool.register('remote', { type: 'streamable-http', url: host.mcpUrl });
    await pool.callTool('remote', 'echo', { message: 'warm' }, { timeoutMs: 5_000 });
    const progress: ToolProgress[] = [];
    const call = pool.callTool('remote', 'stubborn-wait', { steps: 6, stepMs: 200 }, { timeoutMs: 700, onProgress: (p) => progress.push(p) });
    await expect(call).rejects.toBeInstanceOf(McpTimeoutError);
    expect(progress.map((p) => p.progress)).toEqual([1, 2, 3].slice(0, progress.length));
    await expect.poll(() => lines.some((l) => l.includes('kept running a cancelled request')), { timeout: 3_000 }).toBe(true);
    await pool.callTool('remote', 'echo', { message: 'fresh' }, { timeoutMs: 5_000 });
    expect(sessions()).toBe(2);
  });

  it('follows tools/list pagination to the end', { timeout: 20_000 }, async () => {
    const host = await startHttpHost(() => buildPagedServer(250, 7), { streamable: true, sse: false });
    const pool = new McpSessionPool(captureLogger().logger);
    cleanups.push(() => host.close(), () => pool.close());
    pool.register('paged', { type: 'streamable-http', url: host.mcpUrl });
    const tools = await pool.listTools('paged');
    expect(tools).toHaveLength(250);
    expect(new Set(tools.map((t) => t.name)).size).toBe(250);
    expect(tools[249]?.name).toBe('tool_249');
    const listCalls = host.requests.filter((r) => r.method === 'POST').length;
    expect(listCalls).toBeGreaterThanOrEqual(Math.ceil(250 / 7));
  });

  it('speaks legacy SSE when told to', { timeout: 20_000 }, async () => {
    const { host, pool } = await setup({ streamable: false, sse: true });
    pool.register('legacy', { type: 'sse', url: host.sseUrl, headers: { Authorization: SECRET } });
    const progress: ToolProgress[] = [];
    const result = await pool.callTool('legacy', 'stubborn-wait', { steps: 3, stepMs: 50 }, { timeoutMs: 5_000, onProgress: (p) => progress.push(p) });
    expect(result).toMatchObject({ ok: true, content: [{ text: 'stubborn done' }] });
    expect(progress.map((p) => p.progress)).toEqual([1, 2, 3]);
    expect(host.requests.some((r) => r.method === 'GET' && r.headers.authorization === SECRET)).toBe(true);
  });

  it('falls back from streamable HTTP to SSE for an HTTP server of unknown kind', { timeout: 20_000 }, async () => {
    const { host, pool, lines } = await setup({ streamable: false, sse: true });
    pool.register('unknown', { type: 'http', url: host.sseUrl });
    expect(await pool.callTool('unknown', 'echo', { message: 'fallback' }, { timeoutMs: 5_000 })).toMatchObject({ ok: true });
    expect(host.requests.some((r) => r.method === 'POST' && r.path === '/sse')).toBe(true); // the streamable attempt
    expect(lines.some((l) => l.includes('"transport":"sse"'))).toBe(true);
  });

  it('uses streamable HTTP for an HTTP server of unknown kind that supports it', { timeout: 20_000 }, async () => {
    const { host, pool, lines } = await setup({ streamable: true, sse: false });
    pool.register('modern', { type: 'http', url: host.mcpUrl });
    expect(await pool.ping('modern', 5_000)).toMatchObject({ status: 'connected' });
    expect(lines.some((l) => l.includes('"transport":"streamable-http"'))).toBe(true);
  });
});
