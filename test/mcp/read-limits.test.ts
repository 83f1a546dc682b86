import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_READ_LIMITS, McpProtocolError, McpResponseTooLargeError, McpSessionPool } from '../../mcp/index.ts';
import { captureLogger } from './helpers/capture-logger.ts';
import { ENDLESS_LINE_SERVER, startHostileHttpServer, startHostileSseServer } from './helpers/hostile-servers.ts';
import type { ListMode } from './helpers/hostile-servers.ts';

const MB = 1024 * 1024;

/** Heap and buffers of this process: where a read-whole answer would sit. */
const memory = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

/** Runs `work` while sampling memory every 10 ms: the largest growth over the start, in bytes. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ outcome: PromiseSettledResult<T>; growth: number; ms: number }> {
  const start = memory();
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, memory())), 10);
  const started = Date.now();
  const [outcome] = await Promise.allSettled([work()]);
  clearInterval(timer);
  peak = Math.max(peak, memory());
  return { outcome: outcome as PromiseSettledResult<T>, growth: peak - start, ms: Date.now() - started };
}

// Issue 33, item 7 (MCP client): a server could page tools/list forever, list without end, and
// answer a call with any number of bytes, all read whole before the 1 MiB result check.
// Hostile real servers (node:http, a stdio script) against the real pool.
describe('what the MCP client reads from a hostile server is bounded', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function hostile(mode: ListMode) {
    const server = await startHostileHttpServer(mode);
    const pool = new McpSessionPool(captureLogger().logger);
    cleanups.push(() => server.close(), () => pool.close());
    pool.register('hostile', { type: 'streamable-http', url: server.url });
    return { server, pool };
  }

  it('stops a tools/list that pages forever at the page bound', { timeout: 30_000 }, async () => {
    const { server, pool } = await hostile('endless-pages');
    const error = await pool.listTools('hostile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpProtocolError);
    expect((error as Error).message).toContain(`more than ${DEFAULT_READ_LIMITS.maxListPages} tools/list pages`);
    expect(server.log.listPages).toBe(DEFAULT_READ_LIMITS.maxListPages);
  });

  it('stops a listing of more tools than the tool bound (30 pages of 1,000)', { timeout: 30_000 }, async () => {
    const { server, pool } = await hostile('many-tools');
    const error = await pool.listTools('hostile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpProtocolError);
    expect((error as Error).message).toContain(`more than ${DEFAULT_READ_LIMITS.maxListTools} tools`);
    expect(server.log.listPages).toBeLessThanOrEqual(Math.ceil(DEFAULT_READ_LIMITS.maxListTools / 1_000) + 1);
  });

  it('stops a listing of more bytes than the byte bound (40 pages of 500 KB)', { timeout: 30_000 }, async () => {
    const { server, pool } = await hostile('many-bytes');
    const error = await pool.listTools('hostile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpProtocolError);
    expect((error as Error).message).toContain(`more than ${DEFAULT_READ_LIMITS.maxListBytes} bytes of tools`);
    expect(server.log.listPages).toBeLessThan(40);
  });

  for (const tool of ['flood', 'flood-sse']) {
    it(`stops reading a 50 MB result (${tool === 'flood' ? 'one JSON body' : 'one SSE event'}) at the message cap; the pool stays usable`, { timeout: 30_000 }, async () => {
      const { server, pool } = await hostile('many-tools');
      await pool.callTool('hostile', 'echo', { message: 'warm' }, { timeoutMs: 5_000 });
      const { outcome, growth, ms } = await peakGrowth(() => pool.callTool('hostile', tool, {}, { timeoutMs: 20_000 }));
      expect(outcome.status).toBe('rejected');
      const error = (outcome as PromiseRejectedResult).reason as Error;
      expect(error).toBeInstanceOf(McpResponseTooLargeError);
      expect(error.message).toContain(`larger than ${DEFAULT_READ_LIMITS.maxMessageBytes} bytes`);
      // Quickly, and without holding the 50 MB: a rough bound (read whole, it was well above).
      expect(ms).toBeLessThan(5_000);
      expect(growth).toBeLessThan(32 * MB);
      // The server was cut off: what it wrote is the cap plus what the sockets buffered, not 50 MB.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(server.log.bytesWritten).toBeLessThan(20 * MB);
      expect(await pool.callTool('hostile', 'echo', { message: 'after' }, { timeoutMs: 5_000 })).toEqual({ ok: true, content: [{ type: 'text', text: 'Echo: after' }] });
    });
  }

  it('cuts off a 50 MB event on a legacy SSE stream, fails the call as too large, and reconnects for the next call', { timeout: 30_000 }, async () => {
    const server = await startHostileSseServer();
    const pool = new McpSessionPool(captureLogger().logger);
    cleanups.push(() => server.close(), () => pool.close());
    pool.register('hostile-sse', { type: 'sse', url: server.url });
    await pool.callTool('hostile-sse', 'echo', { message: 'warm' }, { timeoutMs: 5_000 });
    const { outcome, growth, ms } = await peakGrowth(() => pool.callTool('hostile-sse', 'flood', {}, { timeoutMs: 20_000 }));
    expect(outcome.status).toBe('rejected');
    expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(McpResponseTooLargeError);
    expect(ms).toBeLessThan(5_000);
    expect(growth).toBeLessThan(32 * MB);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.log.bytesWritten).toBeLessThan(20 * MB);
    expect(await pool.callTool('hostile-sse', 'echo', { message: 'after' }, { timeoutMs: 5_000 })).toEqual({ ok: true, content: [{ type: 'text', text: 'Echo: after' }] });
  });

  it('cuts off a stdio server writing one endless line, fails the call as too large, and relaunches it for the next call', { timeout: 30_000 }, async () => {
    const pool = new McpSessionPool(captureLogger().logger, { readLimits: { maxMessageBytes: 2 * MB } });
    cleanups.push(() => pool.close());
    pool.register('endless', { type: 'stdio', command: process.execPath, args: ['-e', ENDLESS_LINE_SERVER] });
    await pool.callTool('endless', 'echo', { message: 'warm' }, { timeoutMs: 10_000 });
    const { outcome, growth, ms } = await peakGrowth(() => pool.callTool('endless', 'endless', {}, { timeoutMs: 20_000 }));
    expect(outcome.status).toBe('rejected');
    const error = (outcome as PromiseRejectedResult).reason as Error;
    expect(error).toBeInstanceOf(McpResponseTooLargeError);
    expect(error.message).toContain(`larger than ${2 * MB} bytes`);
    expect(ms).toBeLessThan(5_000);
    expect(growth).toBeLessThan(32 * MB);
    expect(await pool.callTool('endless', 'echo', { message: 'after' }, { timeoutMs: 10_000 })).toEqual({ ok: true, content: [{ type: 'text', text: 'Echo: after' }] });
  });
});
