import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { McpConnectionError, McpSessionPool, resolvePackageBin } from '../../mcp/index.ts';
import { captureLogger } from './helpers/capture-logger.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** server-everything's own Streamable HTTP mode, as a separate process we can kill. */
async function startEverythingHttp(port: number): Promise<ChildProcess> {
  const bin = resolvePackageBin('@modelcontextprotocol/server-everything');
  const child = spawn(process.execPath, [bin, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server-everything did not start listening')), 15_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening on port')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited with ${code}`)));
  });
  return child;
}

describe('a streamable HTTP server that dies mid-call', () => {
  const children: ChildProcess[] = [];
  let pool: McpSessionPool | undefined;
  afterEach(async () => {
    await pool?.close();
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });

  it('rejects with McpConnectionError promptly, and the pool reconnects once it is back', { timeout: 45_000 }, async () => {
    const port = await freePort();
    const first = await startEverythingHttp(port);
    children.push(first);
    pool = new McpSessionPool(captureLogger().logger);
    pool.register('everything-http', { type: 'streamable-http', url: `http://127.0.0.1:${port}/mcp` });
    expect(await pool.callTool('everything-http', 'echo', { message: 'up' }, { timeoutMs: 10_000 })).toMatchObject({ ok: true });

    const settled = pool
      .callTool('everything-http', 'trigger-long-running-operation', { duration: 30, steps: 30 }, { timeoutMs: 40_000 })
      .then(() => 'resolved', (error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const killedAt = Date.now();
    first.kill('SIGKILL');
    const error = await settled;
    console.info(`streamable HTTP server killed: call rejected after ${Date.now() - killedAt} ms`);
    expect(error).toBeInstanceOf(McpConnectionError);
    // Bounded by the liveness probe after the stream drops, far below the call's 40 s limit.
    expect(Date.now() - killedAt).toBeLessThan(8_000);

    children.push(await startEverythingHttp(port));
    const back = await pool.callTool('everything-http', 'echo', { message: 'back' }, { timeoutMs: 10_000 });
    expect(back).toMatchObject({ ok: true, content: [{ text: 'Echo: back' }] });
  });
});
