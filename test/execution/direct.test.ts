import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { mcpServers, userServers } from '../../db/schema/index.ts';
import type { TestApp } from '../support/test-app.ts';
import { createExecutionApp, LONG } from './helpers/setup.ts';

// Direct execution through both routes against the real server-everything over stdio.
describe('direct execution', { timeout: 30_000 }, () => {
  let t: TestApp;
  let user: Awaited<ReturnType<TestApp['createUser']>>;

  beforeAll(async () => {
    t = await createExecutionApp();
    user = await t.createUser({ plan: 'pro' });
  }, 120_000);
  afterAll(async () => t?.close());

  const v1 = (body: Record<string, unknown>, headers: Record<string, string> = user.headers) =>
    t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers, payload: body });
  const root = (body: Record<string, unknown>, headers: Record<string, string> = t.adminHeaders) =>
    t.app.inject({ method: 'POST', url: '/execute_tool', headers, payload: body });

  it('runs echo and get-sum through /v1/execute_tool in the envelope', async () => {
    const echo = await v1({ tool_name: 'echo', params: { message: 'hello' } });
    expect(echo.statusCode).toBe(200);
    const body = echo.json();
    expect(body).toMatchObject({ success: true, data: { tool_name: 'echo', status: 'success', result: { content: [{ type: 'text', text: 'Echo: hello' }] } } });
    expect(body.data.execution_time_ms).toBeGreaterThanOrEqual(0);
    // 4 characters per token: {"message":"hello"} is 19 characters, "Echo: hello" 11.
    expect(body.data.tokens_used).toEqual({ input: 5, output: 3 });
    expect(body.meta.request_id).toBe(echo.headers['x-request-id']);

    const sum = await v1({ tool_name: 'everything/get-sum', params: { a: 2, b: 40 } });
    expect(sum.json().data.result.content[0].text).toBe('The sum of 2 and 40 is 42.');
  });

  it('runs echo and get-sum through the admin root route', async () => {
    const echo = await root({ tool: 'echo', arguments: { message: 'root' } });
    expect(echo.statusCode).toBe(200);
    expect(echo.json()).toMatchObject({ tool: 'echo', status: 'success', result: { content: [{ text: 'Echo: root' }] }, tokens_used: { input: 5 } });
    const sum = await root({ tool: 'get-sum', arguments: { a: 1, b: 1 }, timeout_ms: 10_000, mode: 'sync' });
    expect(sum.json().result.content[0].text).toBe('The sum of 1 and 1 is 2.');
    expect((await root({ tool: 'echo', arguments: { message: 'x' } }, user.headers)).statusCode).toBe(403);
  });

  it('refuses invalid arguments with the argument named, per variant', async () => {
    const rootBad = await root({ tool: 'get-sum', arguments: { a: 1 } });
    expect(rootBad.statusCode).toBe(400);
    expect(rootBad.json()).toMatchObject({ tool: 'get-sum', status: 'error', error: { code: 'INVALID_ARGUMENTS', argument: 'b' } });
    const v1Bad = await v1({ tool_name: 'get-sum', params: { a: 'one', b: 2 } });
    expect(v1Bad.statusCode).toBe(400);
    expect(v1Bad.json()).toMatchObject({ success: false, error: { code: 'INVALID_REQUEST', details: { parameter: 'params.a', argument: 'a' } } });
  });

  it('answers 404 TOOL_NOT_FOUND for an unknown tool', async () => {
    const r1 = await v1({ tool_name: 'no-such-tool', params: {} });
    expect(r1.statusCode).toBe(404);
    expect(r1.json().error.code).toBe('TOOL_NOT_FOUND');
    const r2 = await root({ tool: 'no-such-tool', arguments: {} });
    expect(r2.json()).toMatchObject({ tool: 'no-such-tool', status: 'error', error: { code: 'TOOL_NOT_FOUND' } });
  });

  it('times out a slow call: 504 EXECUTION_TIMEOUT (root) and TIMEOUT (v1), in time', async () => {
    const started = Date.now();
    const r1 = await root({ tool: LONG, arguments: { duration: 5, steps: 5 }, timeout_ms: 1_000 });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(r1.statusCode).toBe(504);
    expect(r1.json()).toMatchObject({ tool: LONG, status: 'timeout', error: { code: 'EXECUTION_TIMEOUT' } });
    const r2 = await v1({ tool_name: LONG, params: { duration: 5, steps: 5 }, timeout: 1_000 });
    expect(r2.statusCode).toBe(504);
    expect(r2.json().error.code).toBe('TIMEOUT');
    // The server was reset (it ignores cancellation); the next call works.
    expect((await v1({ tool_name: 'echo', params: { message: 'after' } })).statusCode).toBe(200);
  });

  it('reports a tool failure as 500 EXECUTION_ERROR with details.tool_error', async () => {
    // resourceId -1 fits the schema (a number) but the tool itself refuses it (isError result).
    const r = await v1({ tool_name: 'get-resource-reference', params: { resourceId: -1 } });
    expect(r.statusCode).toBe(500);
    expect(r.json().error).toMatchObject({ code: 'EXECUTION_ERROR', details: { tool_error: expect.stringContaining('Invalid resourceId') } });
    const rootR = await root({ tool: 'get-resource-reference', arguments: { resourceId: -1 } });
    expect(rootR.json()).toMatchObject({ tool: 'get-resource-reference', status: 'error', error: { code: 'EXECUTION_ERROR' } });
  });
});

/** The user's switch of a server, as POST /mcp_servers/toggle stores it. */
async function setServerEnabled(db: Database, userId: string, server: string, enabled: boolean) {
  await db
    .insert(userServers)
    .values({ userId, serverName: server, enabled })
    .onConflictDoUpdate({ target: [userServers.userId, userServers.serverName], set: { enabled } });
}

describe('direct execution: who may run what', { timeout: 30_000 }, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createExecutionApp();
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers 404 TOOL_NOT_FOUND when the user disabled the server, and runs it again once enabled', async () => {
    const user = await t.createUser();
    const call = () => t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'echo', params: { message: 'x' } } });
    expect((await call()).statusCode).toBe(200);
    await setServerEnabled(t.db, user.user.id, 'everything', false);
    const refused = await call();
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toMatchObject({ code: 'TOOL_NOT_FOUND', message: expect.stringContaining('disabled') });
    await setServerEnabled(t.db, user.user.id, 'everything', true);
    expect((await call()).statusCode).toBe(200);
  });

  it('answers 404 when the server is not connected', async () => {
    const user = await t.createUser();
    await t.db.update(mcpServers).set({ status: 'disconnected' }).where(eq(mcpServers.name, 'everything'));
    try {
      const r = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'echo', params: { message: 'x' } } });
      expect(r.statusCode).toBe(404);
      expect(r.json().error.message).toContain('not connected');
    } finally {
      await t.db.update(mcpServers).set({ status: 'connected' }).where(eq(mcpServers.name, 'everything'));
    }
  });

  it('limits a free user to 10 executions a minute: 429 RATE_LIMITED (v1), RATE_LIMIT_EXCEEDED (root)', async () => {
    // Fixed one-minute windows: a run that straddles a window edge gets up to 20 before a 429.
    const user = await t.createUser({ plan: 'free' });
    const codes: number[] = [];
    while (codes.length < 21 && codes.at(-1) !== 429) {
      codes.push((await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'echo', params: { message: 'r' } } })).statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const admin = await t.createUser({ plan: 'free', role: 'admin' });
    let last;
    for (let i = 0; i < 21 && last?.statusCode !== 429; i++) {
      last = await t.app.inject({ method: 'POST', url: '/execute_tool', headers: admin.headers, payload: { tool: 'echo', arguments: { message: 'r' } } });
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.json()).toMatchObject({ status: 'error', error: { code: 'RATE_LIMIT_EXCEEDED', retry_after: expect.any(Number) } });
  });

  it('lets only an admin act as another user (v1 user_id)', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const other = await t.createUser({ plan: 'pro' });
    const as = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers, payload: { tool_name: 'echo', params: { message: 'x' }, user_id: other.user.id } });
    expect((await as(user.headers)).statusCode).toBe(403);
    expect((await as(t.adminHeaders)).statusCode).toBe(200);
  });
});
