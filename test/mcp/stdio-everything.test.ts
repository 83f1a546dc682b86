import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { McpCancelledError, McpConnectionError, McpProtocolError, McpSessionPool, McpTimeoutError, referenceServers } from '../../mcp/index.ts';
import type { ToolProgress } from '../../mcp/index.ts';
import { captureLogger } from './helpers/capture-logger.ts';
import { alive, childPids, eventually } from './helpers/processes.ts';

// End to end over stdio against the real npm server-everything (2026.8.31).
const EVERYTHING = 'server-everything';
const LONG = 'trigger-long-running-operation';

describe('McpSessionPool over stdio with server-everything', () => {
  let pool: McpSessionPool;
  let logs: string[];

  beforeEach(() => {
    const captured = captureLogger();
    logs = captured.lines;
    pool = new McpSessionPool(captured.logger);
    pool.register('everything', referenceServers(mkdtempSync(join(tmpdir(), 'sb-mcp-'))).everything);
  });
  afterEach(async () => {
    await pool.close();
  });

  it('lists the real tools, with schemas', { timeout: 20_000 }, async () => {
    const tools = await pool.listTools('everything');
    const names = tools.map((t) => t.name);
    console.info('server-everything tools:', names.join(', '));
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', LONG, 'get-structured-content', 'get-env']));
    const sum = tools.find((t) => t.name === 'get-sum');
    expect(sum?.inputSchema).toMatchObject({ type: 'object', required: ['a', 'b'] });
    expect(tools.find((t) => t.name === LONG)?.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools.find((t) => t.name === 'simulate-research-query')?.execution).toEqual({ taskSupport: 'required' });
  });

  it('refuses task-only tools with McpProtocolError (callTool does not run MCP tasks)', { timeout: 20_000 }, async () => {
    await pool.listTools('everything'); // the SDK learns which tools require tasks from tools/list
    const call = pool.callTool('everything', 'simulate-research-query', { topic: 'x' }, { timeoutMs: 10_000 });
    await expect(call).rejects.toBeInstanceOf(McpProtocolError);
    await expect(call).rejects.toMatchObject({ code: -32600 });
  });

  it('calls echo and get-sum on one pooled process', { timeout: 20_000 }, async () => {
    const echo = await pool.callTool('everything', 'echo', { message: 'hello' }, { timeoutMs: 10_000 });
    expect(echo).toEqual({ ok: true, content: [{ type: 'text', text: 'Echo: hello' }] });
    const sum = await pool.callTool('everything', 'get-sum', { a: 2, b: 40 }, { timeoutMs: 10_000 });
    expect(sum).toEqual({ ok: true, content: [{ type: 'text', text: 'The sum of 2 and 40 is 42.' }] });
    expect(childPids(EVERYTHING)).toHaveLength(1);
  });

  it('returns structuredContent and tool failures as values, not errors', { timeout: 20_000 }, async () => {
    const weather = await pool.callTool('everything', 'get-structured-content', { location: 'Chicago' }, { timeoutMs: 10_000 });
    expect(weather.ok).toBe(true);
    expect(weather.structuredContent).toMatchObject({ temperature: expect.any(Number) });
    const unknown = await pool.callTool('everything', 'no-such-tool', {}, { timeoutMs: 10_000 });
    expect(unknown).toMatchObject({ ok: false, isError: true });
    const badArgs = await pool.callTool('everything', 'get-sum', { a: 'x' }, { timeoutMs: 10_000 });
    expect(badArgs).toMatchObject({ ok: false, isError: true });
  });

  // Regression: the SDK settled the result before running the handler of the progress
  // notification that arrived in the same chunk, so the last step (3/3) was lost.
  it('delivers every progress notification of the long-running operation', { timeout: 20_000 }, async () => {
    const seen: ToolProgress[] = [];
    const result = await pool.callTool('everything', LONG, { duration: 1.5, steps: 3 }, { timeoutMs: 10_000, onProgress: (p) => seen.push(p) });
    expect(result.ok).toBe(true);
    expect(seen).toEqual([
      { progress: 1, total: 3 },
      { progress: 2, total: 3 },
      { progress: 3, total: 3 },
    ]);
  });

  it('times out for real, and resets the session because server-everything ignores the cancel', { timeout: 30_000 }, async () => {
    await pool.callTool('everything', 'echo', { message: 'warm' }, { timeoutMs: 10_000 });
    const [pid] = childPids(EVERYTHING);
    const started = Date.now();
    const call = pool.callTool('everything', LONG, { duration: 5, steps: 10 }, { timeoutMs: 1_000 });
    await expect(call).rejects.toBeInstanceOf(McpTimeoutError);
    expect(Date.now() - started).toBeLessThan(2_000);
    // The tool keeps reporting progress for the cancelled request: the pool must notice
    // and close that process rather than let it work on.
    expect(await eventually(() => !alive(pid as number), 8_000)).toBe(true);
    expect(logs.some((l) => l.includes('notifications/cancelled') || l.includes('cancelled request'))).toBe(true);
    const after = await pool.callTool('everything', 'echo', { message: 'again' }, { timeoutMs: 10_000 });
    expect(after.ok).toBe(true);
    expect(childPids(EVERYTHING)).not.toContain(pid);
  });

  it('cancels when the caller aborts', { timeout: 20_000 }, async () => {
    const controller = new AbortController();
    const progress: ToolProgress[] = [];
    const call = pool.callTool('everything', LONG, { duration: 5, steps: 10 }, {
      timeoutMs: 10_000,
      signal: controller.signal,
      onProgress: (p) => {
        progress.push(p);
        if (p.progress === 2) controller.abort('user pressed stop');
      },
    });
    await expect(call).rejects.toBeInstanceOf(McpCancelledError);
    await expect(call).rejects.toThrow(/user pressed stop/);
    expect(progress.map((p) => p.progress)).toEqual([1, 2]);
  });

  it('rejects an already-aborted call without touching the server', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(pool.callTool('everything', 'echo', { message: 'x' }, { timeoutMs: 1_000, signal: controller.signal })).rejects.toBeInstanceOf(
      McpCancelledError,
    );
    expect(childPids(EVERYTHING)).toHaveLength(0);
  });

  it('rejects promptly when the server process dies mid-call, then reconnects', { timeout: 30_000 }, async () => {
    await pool.callTool('everything', 'echo', { message: 'warm' }, { timeoutMs: 10_000 });
    const [pid] = childPids(EVERYTHING);
    const call = pool.callTool('everything', LONG, { duration: 20, steps: 20 }, { timeoutMs: 25_000 });
    const settled = call.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const killedAt = Date.now();
    process.kill(pid as number, 'SIGKILL');
    const error = await settled;
    expect(error).toBeInstanceOf(McpConnectionError);
    expect(Date.now() - killedAt).toBeLessThan(2_000);
    const after = await pool.callTool('everything', 'echo', { message: 'back' }, { timeoutMs: 10_000 });
    expect(after).toMatchObject({ ok: true, content: [{ text: 'Echo: back' }] });
  });

  it('pings a live server as connected', { timeout: 20_000 }, async () => {
    const result = await pool.ping('everything', 10_000);
    expect(result.status).toBe('connected');
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
  });
});
