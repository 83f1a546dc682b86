import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpHost } from '../mcp/helpers/http-host.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { SYNC_TIMEOUT_MS, errorCode, syncRegistry, useSmallCatalog } from './helpers.ts';

type User = Awaited<ReturnType<TestApp['createUser']>>;

/** A real streamable-HTTP MCP server whose one tool says whose server it is. */
function ownerServer(word: string) {
  return startHttpHost(
    () => {
      const server = new McpServer({ name: `owner-${word}`, version: '1.0.0' });
      server.registerTool('whoami', { description: `Answers with the ${word} marker word` }, async () => ({ content: [{ type: 'text', text: `server-${word}` }] }));
      return server;
    },
    { streamable: true, sse: false },
  );
}

// Issue 20 item 5: custom server names are unique per owner; another user may take the same
// name, and no answer reveals that someone else's private name exists.
describe('custom server names are per owner', () => {
  let t: TestApp;
  let hostA: Awaited<ReturnType<typeof ownerServer>>;
  let hostB: Awaited<ReturnType<typeof ownerServer>>;
  let a: User;
  let b: User;
  let idA: string;
  let idB: string;
  /** Every answer user B received, to check none of them mentions A's server. */
  const seenByB: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });
    useSmallCatalog(t);
    [hostA, hostB] = await Promise.all([ownerServer('quokkaalpha'), ownerServer('narwhalbravo')]);
    await syncRegistry(t);
    a = await t.createUser({ plan: 'pro' });
    b = await t.createUser({ plan: 'pro' });
  }, SYNC_TIMEOUT_MS);
  afterAll(async () => {
    await hostA?.close();
    await hostB?.close();
    await t?.close();
  });

  const call = async (user: User, method: 'GET' | 'POST', url: string, payload?: object): Promise<LightMyRequestResponse> => {
    const response = await t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
    if (user === b) seenByB.push(response.body);
    return response;
  };
  const create = (user: User, name: string, url: string) =>
    call(user, 'POST', '/custom-packs/mcp-servers', { name, display_name: 'My server', description: 'per-owner name test', config: { url } });

  it('lets a second user create a custom server with another user\'s private name (201, not 409)', async () => {
    const first = await create(a, 'a-private-srv', hostA.mcpUrl);
    expect(first.statusCode, first.body).toBe(201);
    idA = first.json().id;
    const second = await create(b, 'a-private-srv', hostB.mcpUrl);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ name: 'a-private-srv', tools_count: 1, connection: { status: 'connected' } });
    idB = second.json().id;
    expect(idB).not.toBe(idA);
  });

  it('still refuses the same name twice for one owner, and a public registry server\'s name', async () => {
    const again = await create(a, 'a-private-srv', hostA.mcpUrl);
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('CONFLICT');
    expect(again.json().error.message).toContain('You already have');
    const publicName = await create(b, 'everything', hostB.mcpUrl);
    expect(publicName.statusCode).toBe(409);
    expect(publicName.json().error.message).toContain('registry');
  });

  it('lists each owner\'s own server under the chosen name', async () => {
    const listA = (await call(a, 'GET', '/custom-packs/mcp-servers')).json();
    const listB = (await call(b, 'GET', '/custom-packs/mcp-servers')).json();
    expect(listA).toMatchObject({ total: 1, servers: [{ id: idA, name: 'a-private-srv' }] });
    expect(listB).toMatchObject({ total: 1, servers: [{ id: idB, name: 'a-private-srv' }] });
    const servers = (await call(b, 'GET', '/mcp_servers')).json().servers.filter((s: { name: string }) => s.name === 'a-private-srv');
    expect(servers).toHaveLength(1);
    const tools = (await call(b, 'GET', '/tools?server=a-private-srv')).json();
    expect(tools).toMatchObject({ total: 1, tools: [{ name: 'whoami', server: 'a-private-srv', description: expect.stringContaining('narwhalbravo') }] });
    const toggled = await call(b, 'POST', '/mcp_servers/toggle', { server: 'a-private-srv', enabled: true });
    expect(toggled.statusCode, toggled.body).toBe(200);
    expect(toggled.json()).toMatchObject({ server: 'a-private-srv', tools_enabled: 1 });
  });

  it('runs each owner\'s own server for name/tool, directly and as a job', async () => {
    for (const [user, word] of [[a, 'quokkaalpha'], [b, 'narwhalbravo']] as const) {
      const run = await call(user, 'POST', '/v1/execute_tool', { tool_name: 'a-private-srv/whoami', params: {} });
      expect(run.statusCode, run.body).toBe(200);
      expect(JSON.stringify(run.json().data.result)).toContain(`server-${word}`);
    }
    const submitted = await call(b, 'POST', '/jobs/submit', { tool: 'a-private-srv/whoami', arguments: {} });
    expect(submitted.statusCode, submitted.body).toBeLessThan(300);
    const jobId = submitted.json().job_id ?? submitted.json().id;
    let job: Record<string, unknown> = {};
    for (let i = 0; i < 100; i += 1) {
      job = (await call(b, 'GET', `/jobs/${jobId}`)).json();
      if (['completed', 'failed', 'cancelled', 'timed_out'].includes(String(job.status))) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(job.status).toBe('completed');
    expect(JSON.stringify(job)).toContain('server-narwhalbravo');
    expect(job.server).toBe('a-private-srv');
  });

  it('retrieves each owner\'s own tool under the chosen name', async () => {
    const search = async (user: User) => {
      for (let i = 0; ; i += 1) {
        const body = (await call(user, 'GET', '/retrieve_tools?query=whoami%20marker%20word&top_k=20')).json();
        const mine = body.tools.filter((tool: { name: string }) => tool.name === 'whoami');
        if (mine.length || i > 50) return mine as { server: string; description: string }[];
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const forA = await search(a);
    const forB = await search(b);
    expect(forA).toEqual([expect.objectContaining({ server: 'a-private-srv', description: expect.stringContaining('quokkaalpha') })]);
    expect(forB).toEqual([expect.objectContaining({ server: 'a-private-srv', description: expect.stringContaining('narwhalbravo') })]);
    const filtered = (await call(b, 'GET', '/v1/retrieve_tools?query=whoami%20marker%20word&top_k=20&filter.server=a-private-srv')).json();
    expect(filtered.data.tools.map((tool: { description: string }) => tool.description)).toEqual([expect.stringContaining('narwhalbravo')]);
  });

  it('puts the owner\'s own server in a pack by its name', async () => {
    const pack = await call(b, 'POST', '/custom-packs/packs', { name: 'Named', description: 'mine', servers: ['a-private-srv'] });
    expect(pack.statusCode, pack.body).toBe(201);
    expect(pack.json().servers).toEqual([expect.objectContaining({ id: idB, name: 'a-private-srv', tools_count: 1 })]);
    const detail = (await call(b, 'GET', `/custom-packs/packs/${pack.json().id}`)).json();
    expect(detail.servers).toEqual([expect.objectContaining({ id: idB, name: 'a-private-srv', tools: [expect.objectContaining({ name: 'whoami' })] })]);
  });

  it('recommends the owner\'s own server under the chosen name', async () => {
    const body = (await call(b, 'POST', '/recommender', { query: 'whoami narwhalbravo marker' })).json();
    expect(body.tools).toContain('a-private-srv/whoami');
    expect(body.details.servers).toContainEqual(expect.objectContaining({ name: 'a-private-srv', enabled: true }));
  });

  it('shows the owner\'s own runs in tool insights under the chosen name, and filters by it', async () => {
    const insights = await call(b, 'GET', '/observability/tool-insights?server=a-private-srv');
    expect(insights.statusCode, insights.body).toBe(200);
    const body = insights.json();
    expect(body.scope).toBe('user');
    expect(body.tools).toEqual([expect.objectContaining({ tool: 'whoami', server: 'a-private-srv', calls: 2 })]);
  });

  it('names the owner\'s own server by its chosen name when it cannot be reached', async () => {
    const host = await ownerServer('ocelotcharlie');
    const created = await create(b, 'gone-srv', host.mcpUrl);
    expect(created.statusCode, created.body).toBe(201);
    await host.close();
    const run = await call(b, 'POST', '/v1/execute_tool', { tool_name: 'gone-srv/whoami', params: {} });
    expect(run.statusCode).toBeGreaterThanOrEqual(400);
    expect(run.body).toContain('gone-srv');
    expect(run.body).not.toMatch(/gone-srv~/);
  });

  it('never shows B anything of A\'s server', () => {
    expect(seenByB.length).toBeGreaterThan(8);
    for (const body of seenByB) {
      expect(body).not.toContain(idA);
      expect(body).not.toContain('quokkaalpha');
      // The owner-qualified internal key never leaves the service: the name is always the chosen one.
      expect(body).not.toMatch(/a-private-srv[^"/]/);
    }
  });

  it('deleting B\'s server (with its owner) leaves A\'s', async () => {
    const removed = await t.app.inject({ method: 'DELETE', url: `/admin/users/${b.user.id}`, headers: t.adminHeaders });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call(a, 'GET', '/custom-packs/mcp-servers')).json()).toMatchObject({ total: 1, servers: [{ id: idA, name: 'a-private-srv' }] });
    const run = await call(a, 'POST', '/v1/execute_tool', { tool_name: 'a-private-srv/whoami', params: {} });
    expect(run.statusCode, run.body).toBe(200);
    expect(JSON.stringify(run.json().data.result)).toContain('server-quokkaalpha');
  });
});
