import { afterEach, describe, expect, it } from 'vitest';
import { McpConnectionError, McpSessionPool, McpTimeoutError } from '../../mcp/index.ts';
import { captureLogger } from './helpers/capture-logger.ts';
import { startHttpHost } from './helpers/http-host.ts';
import { buildToolServer } from './helpers/test-servers.ts';

describe('McpSessionPool lifecycle', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup() {
    let sessions = 0;
    const host = await startHttpHost(() => {
      sessions++;
      return buildToolServer({ aborted: [], headers: [] });
    }, { streamable: true, sse: false });
    const pool = new McpSessionPool(captureLogger().logger, { cancelGraceMs: 50 });
    cleanups.push(() => host.close(), () => pool.close());
    pool.register('remote', { type: 'streamable-http', url: host.mcpUrl });
    return { host, pool, sessions: () => sessions };
  }

  it('shares one session among concurrent first calls', { timeout: 20_000 }, async () => {
    const { pool, sessions } = await setup();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => pool.callTool('remote', 'echo', { message: `m${i}` }, { timeoutMs: 5_000 })),
    );
    expect(results.map((r) => r.ok)).toEqual(Array(8).fill(true));
    expect(sessions()).toBe(1);
  });

  it('ensure keeps the session for an unchanged config; register always starts a new one', { timeout: 20_000 }, async () => {
    const { host, pool, sessions } = await setup();
    await pool.callTool('remote', 'echo', { message: 'a' }, { timeoutMs: 5_000 });
    pool.ensure('remote', { type: 'streamable-http', url: host.mcpUrl });
    await pool.callTool('remote', 'echo', { message: 'b' }, { timeoutMs: 5_000 });
    expect(sessions()).toBe(1);
    pool.register('remote', { type: 'streamable-http', url: host.mcpUrl });
    await pool.callTool('remote', 'echo', { message: 'c' }, { timeoutMs: 5_000 });
    expect(sessions()).toBe(2);
    expect(pool.servers()).toEqual(['remote']);
    // The replaced session is ended on the server too, not just dropped on our side.
    await expect.poll(() => host.requests.filter((r) => r.method === 'DELETE').length).toBe(1);
  });

  it('lets other in-flight calls finish on a session being reset', { timeout: 20_000 }, async () => {
    const { pool, sessions } = await setup();
    await pool.callTool('remote', 'echo', { message: 'warm' }, { timeoutMs: 5_000 });
    const bystander = pool.callTool('remote', 'polite-wait', { ms: 1_000 }, { timeoutMs: 5_000 });
    await expect(pool.callTool('remote', 'stubborn-wait', { steps: 5, stepMs: 100 }, { timeoutMs: 150 })).rejects.toBeInstanceOf(McpTimeoutError);
    // The stubborn progress after the cancel retires the session; a new call gets a new one
    // while the bystander still completes on the old.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await pool.callTool('remote', 'echo', { message: 'new' }, { timeoutMs: 5_000 });
    expect(sessions()).toBe(2);
    expect(await bystander).toMatchObject({ ok: true, content: [{ text: 'done' }] });
  });

  it('refuses work after close', { timeout: 20_000 }, async () => {
    const { pool } = await setup();
    await pool.callTool('remote', 'echo', { message: 'a' }, { timeoutMs: 5_000 });
    await pool.close();
    await expect(pool.callTool('remote', 'echo', { message: 'b' }, { timeoutMs: 5_000 })).rejects.toBeInstanceOf(McpConnectionError);
  });
});
