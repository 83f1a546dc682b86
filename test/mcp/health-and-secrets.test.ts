import { afterEach, describe, expect, it } from 'vitest';
import { LaunchConfigSchema, McpConnectionError, McpSessionPool, describeLaunch } from '../../mcp/index.ts';
import { captureLogger } from './helpers/capture-logger.ts';
import { startHttpHost } from './helpers/http-host.ts';
import { buildToolServer } from './helpers/test-servers.ts';

const SECRET = 'sk-live-0123456789-very-secret';

describe('health checks and secrecy', () => {
  const pools: McpSessionPool[] = [];
  const makePool = () => {
    const { logger, lines } = captureLogger();
    // Tiny backoff: these tests want failures fast, not politeness.
    const pool = new McpSessionPool(logger, { backoff: { baseMs: 50, maxMs: 400 } });
    pools.push(pool);
    return { pool, lines };
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });

  it('reports a server whose command does not exist as disconnected, without leaking its env', async () => {
    const { pool, lines } = makePool();
    pool.register('ghost', { type: 'stdio', command: '/nonexistent/mcp-server', args: ['--flag'], env: { API_TOKEN: SECRET } });
    const started = Date.now();
    const result = await pool.ping('ghost', 3_000);
    expect(result.status).toBe('disconnected');
    expect(result.error).toMatch(/ENOENT/);
    expect(Date.now() - started).toBeLessThan(2_000);
    const call = pool.callTool('ghost', 'anything', {}, { timeoutMs: 3_000 });
    await expect(call).rejects.toBeInstanceOf(McpConnectionError);
    const error = (await call.catch((e: unknown) => e)) as Error;
    expect(JSON.stringify({ message: error.message, result })).not.toContain(SECRET);
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(lines.join('\n')).toContain('API_TOKEN'); // the key name is fine to log; its value is not
  });

  it('reports a process that exits at once as disconnected', async () => {
    const { pool } = makePool();
    pool.register('quitter', { type: 'stdio', command: process.execPath, args: ['-e', 'process.exit(3)'] });
    const result = await pool.ping('quitter', 5_000);
    expect(result.status).toBe('disconnected');
  });

  it('reports a process that never speaks MCP as error (it runs, but fails the handshake in time)', async () => {
    const { pool } = makePool();
    pool.register('mute', { type: 'stdio', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] });
    const result = await pool.ping('mute', 1_000);
    expect(result.status).toBe('error');
    expect(result.error).toMatch(/timed out/);
  });

  it('reports an HTTP endpoint nobody listens on as disconnected', async () => {
    const { pool, lines } = makePool();
    pool.register('nowhere', { type: 'streamable-http', url: 'http://127.0.0.1:9/mcp?token=abc', headers: { Authorization: `Bearer ${SECRET}` } });
    const result = await pool.ping('nowhere', 3_000);
    expect(result.status).toBe('disconnected');
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(lines.join('\n')).not.toContain('token=abc');
  });

  it('reports an HTTP server that is up but has no MCP endpoint there as disconnected', async () => {
    const { pool } = makePool();
    const host = await startHttpHost(() => buildToolServer({ aborted: [], headers: [] }), { streamable: true, sse: false });
    try {
      pool.register('wrong-path', { type: 'streamable-http', url: host.mcpUrl.replace('/mcp', '/nope') });
      const result = await pool.ping('wrong-path', 3_000);
      expect(result).toMatchObject({ status: 'disconnected', error: expect.stringMatching(/404/) });
    } finally {
      await host.close();
    }
  });

  it('backs off after failures instead of relaunching on every call', async () => {
    const { pool, lines } = makePool();
    pool.register('ghost', { type: 'stdio', command: '/nonexistent/mcp-server', args: [] });
    for (let i = 0; i < 3; i++) await pool.callTool('ghost', 'x', {}, { timeoutMs: 150 }).catch(() => {});
    const attempts = lines.filter((l) => l.includes('mcp connect failed')).length;
    // 3 calls × up to 3 attempts each would be 9 launches without backoff.
    expect(attempts).toBeGreaterThanOrEqual(1);
    expect(attempts).toBeLessThan(9);
  });

  it('refuses unknown servers and bad launch configs', async () => {
    const { pool } = makePool();
    await expect(pool.listTools('unregistered')).rejects.toBeInstanceOf(McpConnectionError);
    expect(() => pool.register('bad', { type: 'streamable-http', url: 'ftp://example.com' })).toThrow();
    expect(() => pool.register('bad', { type: 'stdio', command: '' })).toThrow();
  });

  it('describes launch configs without secrets', () => {
    const stdio = LaunchConfigSchema.parse({
      type: 'stdio',
      command: 'node',
      args: ['server.js', 'postgres://admin:hunter2@db:5432/app'],
      env: { PGPASSWORD: SECRET },
    });
    const http = LaunchConfigSchema.parse({ type: 'http', url: 'https://user:pw@mcp.example.com/mcp?key=k1', headers: { 'X-Api-Key': SECRET } });
    const text = JSON.stringify([describeLaunch(stdio), describeLaunch(http)]);
    for (const secret of [SECRET, 'hunter2', 'pw@', 'key=k1']) expect(text).not.toContain(secret);
    expect(text).toContain('PGPASSWORD');
    expect(text).toContain('https://mcp.example.com/mcp');
  });
});
