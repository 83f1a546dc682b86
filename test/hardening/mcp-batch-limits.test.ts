import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolNamed } from '../../api/mcp-face/server/tools.ts';
import { rateLimitCounters, toolRuns } from '../../db/schema/index.ts';
import { createExecutionApp, sleep } from '../execution/helpers/setup.ts';
import type { TestApp } from '../support/test-app.ts';

type User = Awaited<ReturnType<TestApp['createUser']>>;
interface RpcAnswer {
  id?: number;
  result?: { isError?: boolean; content?: Array<{ text?: string }> };
  error?: { code: number; message: string };
}

// Issue 33, item 3: a JSON-RPC array of tools/call messages was never counted (its scope came
// out empty), so a free user (10 executions a minute) ran 3 × 100 execute_tool calls in three
// POSTs. Driven like the probe: the real service on a port, raw POSTs of arrays, free users.
describe('MCP batches and rate limits', { timeout: 120_000 }, () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createExecutionApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Fixed one-minute windows: start a test early enough in a minute for all its POSTs to share one. */
  async function freshMinute(): Promise<void> {
    const second = new Date().getSeconds();
    if (second >= 40) await sleep((61 - second) * 1000);
  }

  const executionCount = async (user: User) => {
    const rows = await t.db.select({ count: rateLimitCounters.count }).from(rateLimitCounters).where(eq(rateLimitCounters.key, `execution:minute:user:${user.user.id}`));
    return rows.reduce((sum, r) => sum + r.count, 0);
  };
  const runs = async (user: User) => (await t.db.select({ n: count() }).from(toolRuns).where(and(eq(toolRuns.userId, user.user.id))))[0]?.n ?? 0;

  async function post(path: string, user: User, body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
  }

  const calls = (n: number, name: string, args: (i: number) => Record<string, unknown>) =>
    Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name, arguments: args(i) } }));
  const echoes = (n: number) => calls(n, 'execute_tool', (i) => ({ tool_name: 'everything/echo', params: { message: `m${i}` } }));

  /** Ran: a result that is not an error; refused: the rate limit's tool error, naming its code. */
  function tally(answers: RpcAnswer[]) {
    const ran = answers.filter((a) => a.result && !a.result.isError).length;
    const refused = answers.filter((a) => a.result?.isError && a.result.content?.[0]?.text?.startsWith('RATE_LIMITED')).length;
    return { ran, refused };
  }

  /** A session on a pack-style endpoint (they keep sessions): initialize, initialized; its headers. */
  async function openSession(path: string, user: User): Promise<Record<string, string>> {
    const init = await post(path, user, { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'probe', version: '1' } } });
    expect(init.status).toBe(200);
    const session = { 'mcp-session-id': init.headers.get('mcp-session-id') as string, 'mcp-protocol-version': '2025-03-26' };
    expect((await post(path, user, { jsonrpc: '2.0', method: 'notifications/initialized' }, session)).status).toBe(202);
    return session;
  }

  it('/mcp (2025-03-26, no version header): a batch of 100 executions counts as 100; exactly 10 run, 90 are refused; the next batch gets 429', async () => {
    await freshMinute();
    const free = await t.createUser({ plan: 'free' });
    const before = await executionCount(free);
    const first = await post('/mcp', free, echoes(100));
    expect(first.status).toBe(200);
    expect(tally(first.body as RpcAnswer[])).toEqual({ ran: 10, refused: 90 });
    expect((await executionCount(free)) - before).toBe(100);
    // Nothing of the second may run: the single request's 429, in the nested form, with Retry-After.
    const second = await post('/mcp', free, echoes(100));
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await executionCount(free)) - before).toBe(200);
    expect(await runs(free)).toBe(10);
  });

  it('/mcp refuses a batch where the protocol has none (2025-06-18 and later), before counting or running anything', async () => {
    const free = await t.createUser({ plan: 'free' });
    for (const version of ['2025-06-18', '2025-11-25']) {
      const answer = await post('/mcp', free, echoes(100), { 'mcp-protocol-version': version });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32600, message: expect.stringContaining('no JSON-RPC batches') }, id: null });
    }
    expect(await executionCount(free)).toBe(0);
    expect(await runs(free)).toBe(0);
  });

  it('/mcp refuses a batch that repeats a request id (the refusals are keyed by id)', async () => {
    const free = await t.createUser({ plan: 'free' });
    const twins = echoes(20).map((m) => ({ ...m, id: 7 }));
    const answer = await post('/mcp', free, twins);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: -32600, message: expect.stringContaining('Duplicate request id') } });
    expect(await runs(free)).toBe(0);
  });

  it('/mcp: retrieve_tools in a batch counts against retrieval, each message once', async () => {
    const free = await t.createUser({ plan: 'free' });
    const answer = await post('/mcp', free, calls(5, 'retrieve_tools', () => ({ query: 'echo a message' })));
    expect(answer.status).toBe(200);
    const rows = await t.db.select({ count: rateLimitCounters.count }).from(rateLimitCounters).where(eq(rateLimitCounters.key, `retrieval:minute:user:${free.user.id}`));
    expect(rows[0]?.count).toBe(5);
  });

  for (const endpoint of ['packs', 'servers'] as const) {
    it(`/mcp/${endpoint} (a session on 2025-03-26): a batch of 100 tool calls counts as 100; exactly 10 run; 2025-06-18 is refused`, async () => {
      await freshMinute();
      const free = await t.createUser({ plan: 'free' });
      let path = '/mcp/servers';
      if (endpoint === 'packs') {
        const pack = await t.app.inject({ method: 'POST', url: '/custom-packs/packs', headers: free.headers, payload: { name: 'Mine', description: 'tools', servers: ['everything'] } });
        expect(pack.statusCode).toBe(201);
        path = `/mcp/packs/${pack.json().id as string}`;
      } else {
        const toggle = await t.app.inject({ method: 'POST', url: '/mcp_servers/toggle', headers: free.headers, payload: { server: 'everything', enabled: true } });
        expect(toggle.statusCode).toBe(200);
      }
      const session = await openSession(path, free);
      const batch = calls(100, 'everything__echo', (i) => ({ message: `m${i}` }));
      const answer = await post(path, free, batch, session);
      expect(answer.status).toBe(200);
      expect(tally(answer.body as RpcAnswer[])).toEqual({ ran: 10, refused: 90 });
      expect(await executionCount(free)).toBe(100);
      const later = await post(path, free, batch, { ...session, 'mcp-protocol-version': '2025-06-18' });
      expect(later.status).toBe(400);
      expect(later.body).toMatchObject({ error: { code: -32600 } });
      expect(await executionCount(free)).toBe(100);
      expect(await runs(free)).toBe(10);
    });
  }

  it('every tool /mcp lists has a declared rate scope, and a tool without one counts as an execution (fails closed)', async () => {
    const pro = await t.createUser({ plan: 'pro' });
    const client = new Client({ name: 'scope-check', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: pro.headers } }));
    try {
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThan(0);
      // Each listed tool is a declaration whose type requires a rate scope (api/operations/operation.ts).
      expect(tools.map((tool) => tool.name).filter((name) => toolNamed(name)?.rateScope === undefined)).toEqual([]);
    } finally {
      await client.close();
    }
    // A name no table knows: counted before the server refuses it as unknown.
    const free = await t.createUser({ plan: 'free' });
    const unknown = await post('/mcp', free, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'tool_added_later', arguments: {} } });
    expect(unknown.status).toBe(200);
    expect(await executionCount(free)).toBe(1);
  });
});
