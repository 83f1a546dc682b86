import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePackageBin } from '../../mcp/index.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { SYNC_TIMEOUT_MS, useSmallCatalog, errorCode, startWeatherServer, syncRegistry } from './helpers.ts';

type User = Awaited<ReturnType<TestApp['createUser']>>;

describe('custom servers and custom packs under plan allowances', () => {
  let t: TestApp;
  let weather: Awaited<ReturnType<typeof startWeatherServer>>;
  let free: User;
  let pro: User;
  let customId: string;

  beforeAll(async () => {
    // The weather server listens on 127.0.0.1: private targets must be allowed for this file.
    t = await createTestApp({ env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });
    useSmallCatalog(t);
    weather = await startWeatherServer();
    await syncRegistry(t);
    free = await t.createUser({ plan: 'free' });
    pro = await t.createUser({ plan: 'pro' });
  }, SYNC_TIMEOUT_MS);
  afterAll(async () => {
    await weather?.close();
    await t?.close();
  });

  const post = (url: string, user: User, payload: unknown) => t.app.inject({ method: 'POST', url, headers: user.headers, payload: payload as object });

  it('refuses custom servers on the free plan with the plan details', async () => {
    const response = await post('/custom-packs/mcp-servers', free, { name: 'my-weather', display_name: 'Mine', description: 'x', config: { url: weather.mcpUrl } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'PLAN_LIMIT_EXCEEDED',
      details: { plan: 'free', limit: 0, current_count: 0, upgrade_to: 'pro' },
    });
  });

  it('connects a pro user\'s streamable-HTTP custom server and lists its tools', async () => {
    const response = await post('/custom-packs/mcp-servers', pro, {
      name: 'my-weather',
      display_name: 'My Weather',
      description: 'Weather over streamable HTTP',
      url: 'https://docs.example.com/weather',
      icon: 'cloud',
      category: 'custom',
      config: { url: weather.mcpUrl, headers: { Authorization: 'Bearer very-secret' } },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      id: expect.any(String),
      name: 'my-weather',
      display_name: 'My Weather',
      description: 'Weather over streamable HTTP',
      url: 'https://docs.example.com/weather',
      icon: 'cloud',
      category: 'custom',
      created_at: expect.any(Number),
      tools_count: 2,
      connection: { status: 'connected' },
    });
    expect(response.body).not.toContain('very-secret');
    customId = body.id;

    const tools = (await t.app.inject({ method: 'GET', url: '/tools?server=my-weather', headers: pro.headers })).json();
    expect(tools.tools.map((tool: { name: string }) => tool.name).sort()).toEqual(['current-weather', 'forecast']);
    // Private: other callers do not see it.
    expect((await t.app.inject({ method: 'GET', url: '/tools?server=my-weather', headers: free.headers })).json().total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/mcp_registry/my-weather' })).statusCode).toBe(404);

    const list = (await t.app.inject({ method: 'GET', url: '/custom-packs/mcp-servers', headers: pro.headers })).json();
    expect(list).toMatchObject({ total: 1, servers: [{ id: customId, name: 'my-weather', used_in_packs: 0, updated_at: expect.any(Number) }] });
    expect(JSON.stringify(list)).not.toContain('very-secret');
  });

  it('makes the custom server\'s tools searchable and executable by its owner only', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/retrieve_tools?query=five-day%20weather%20forecast&top_k=10', headers: pro.headers });
    expect(search.statusCode).toBe(200);
    const found = search.json().tools.map((tool: { server: string; name: string }) => `${tool.server}/${tool.name}`);
    expect(found).toContain('my-weather/forecast');
    const others = await t.app.inject({ method: 'GET', url: '/retrieve_tools?query=five-day%20weather%20forecast&top_k=10', headers: free.headers });
    expect(others.json().tools.map((tool: { server: string }) => tool.server)).not.toContain('my-weather');

    const run = await t.app.inject({
      method: 'POST',
      url: '/v1/execute_tool',
      headers: pro.headers,
      payload: { tool_name: 'my-weather/forecast', params: { city: 'Oslo', days: 5 } },
    });
    expect(run.statusCode, run.body).toBe(200);
    expect(JSON.stringify(run.json().data.result)).toContain('Oslo: sunny');
  });

  it('refuses duplicate names with 409 and stdio commands from non-admins with 403', async () => {
    const duplicate = await post('/custom-packs/mcp-servers', pro, { name: 'my-weather', display_name: 'Again', description: 'x' });
    expect(duplicate.statusCode).toBe(409);
    expect(errorCode(duplicate)).toBe('CONFLICT');
    const taken = await post('/custom-packs/mcp-servers', pro, { name: 'everything', display_name: 'Mine', description: 'x' });
    expect(taken.statusCode).toBe(409);
    const stdio = await post('/custom-packs/mcp-servers', pro, { name: 'local-tool', display_name: 'Local', description: 'x', config: { command: 'node', args: ['server.js'] } });
    expect(stdio.statusCode).toBe(403);
    expect(stdio.json().error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('only admins') });
    const list = (await t.app.inject({ method: 'GET', url: '/custom-packs/mcp-servers', headers: pro.headers })).json();
    expect(list.total).toBe(1);
  });

  it('lets an admin user register a stdio custom server that really runs', async () => {
    const admin = await t.createUser({ plan: 'pro', role: 'admin' });
    const response = await post('/custom-packs/mcp-servers', admin, {
      name: 'admin-thinking',
      display_name: 'Thinking (stdio)',
      description: 'sequential thinking launched as a command',
      config: { command: process.execPath, args: [resolvePackageBin('@modelcontextprotocol/server-sequential-thinking')] },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ tools_count: 1, connection: { status: 'connected' } });
  });

  it('limits a free user to one pack of at most five servers', async () => {
    const six = ['everything', 'memory', 'filesystem', 'sequential-thinking', 'io-none', 'x-none'];
    const tooMany = await post('/custom-packs/packs', free, { name: 'Big', description: 'too big', servers: six });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatchObject({ code: 'PLAN_LIMIT_EXCEEDED', details: { plan: 'free', limit: 5, current_count: 6, upgrade_to: 'pro' } });

    const first = await post('/custom-packs/packs', free, { name: 'Mine', description: 'my pack', servers: ['everything', 'memory', 'filesystem', 'sequential-thinking'] });
    expect(first.statusCode).toBe(201);
    const packId = first.json().id;
    const second = await post('/custom-packs/packs', free, { name: 'Second', description: 'x' });
    expect(second.statusCode).toBe(400);
    expect(second.json().error.details).toEqual({ plan: 'free', limit: 1, current_count: 1, upgrade_to: 'pro' });

    // Five is allowed, the sixth is not. The upstream-free registry has only four public servers,
    // so the fifth is the pro user's... not visible to this user: use an admin entry instead.
    await t.app.inject({
      method: 'POST',
      url: '/admin/mcp_registry',
      headers: t.adminHeaders,
      payload: { name: 'extra-one', display_name: 'Extra 1', description: 'x', url: 'https://example.com', icon: 'x', category: 'custom', tools_count: 3 },
    });
    await t.app.inject({
      method: 'POST',
      url: '/admin/mcp_registry',
      headers: t.adminHeaders,
      payload: { name: 'extra-two', display_name: 'Extra 2', description: 'x', url: 'https://example.com', icon: 'x', category: 'custom', tools_count: 1 },
    });
    const fifth = await post(`/custom-packs/packs/${packId}/servers`, free, { server: 'extra-one' });
    expect(fifth.json()).toEqual({ pack_id: packId, server: 'extra-one', status: 'added', total_servers: 5 });
    const sixth = await post(`/custom-packs/packs/${packId}/servers`, free, { server: 'extra-two' });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error.details).toEqual({ plan: 'free', limit: 5, current_count: 5, upgrade_to: 'pro' });
    const replace = await t.app.inject({ method: 'PUT', url: `/custom-packs/packs/${packId}/servers`, headers: free.headers, payload: { servers: [...six.slice(0, 4), 'extra-one', 'extra-two'] } });
    expect(replace.statusCode).toBe(400);
    const detail = (await t.app.inject({ method: 'GET', url: `/custom-packs/packs/${packId}`, headers: free.headers })).json();
    expect(detail.total_servers).toBe(5);
  });

  it('holds the pack allowance under concurrent creates', async () => {
    // Counting then inserting without a lock let two racing requests both pass the check.
    const racer = await t.createUser({ plan: 'free' });
    const results = await Promise.all([1, 2, 3].map((i) => post('/custom-packs/packs', racer, { name: `Race ${i}`, description: 'x' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect((await t.app.inject({ method: 'GET', url: '/custom-packs/packs', headers: racer.headers })).json().pagination.total).toBe(1);
  });

  it('runs the whole custom pack lifecycle', async () => {
    const created = await post('/custom-packs/packs', pro, { name: 'Weather kit', description: 'weather and memory', servers: [customId, 'memory'] });
    expect(created.statusCode).toBe(201);
    const pack = created.json();
    expect(pack).toMatchObject({
      id: expect.any(String),
      name: 'Weather kit',
      description: 'weather and memory',
      servers: [
        { id: customId, name: 'my-weather', display_name: 'My Weather', tools_count: 2 },
        { id: expect.any(String), name: 'memory', display_name: expect.any(String), tools_count: expect.any(Number) },
      ],
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    expect(pack.total_tools).toBe(2 + pack.servers[1].tools_count);
    const id = pack.id;

    const duplicate = await post('/custom-packs/packs', pro, { name: 'Weather kit', description: 'again' });
    expect(duplicate.statusCode).toBe(409);

    const list = (await t.app.inject({ method: 'GET', url: '/custom-packs/packs?limit=10', headers: pro.headers })).json();
    expect(list).toMatchObject({ pagination: { limit: 10, offset: 0, total: 1 } });
    expect(list.packs[0]).toEqual({
      id,
      name: 'Weather kit',
      description: 'weather and memory',
      servers_count: 2,
      total_tools: pack.total_tools,
      enabled: false,
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });

    const detail = (await t.app.inject({ method: 'GET', url: `/custom-packs/packs/${id}`, headers: pro.headers })).json();
    expect(detail).toMatchObject({ id, total_servers: 2, total_tools: pack.total_tools, enabled: false });
    expect(detail.servers[0]).toMatchObject({ name: 'my-weather', description: expect.any(String) });
    expect(detail.servers[0].tools.map((tool: { name: string }) => tool.name).sort()).toEqual(['current-weather', 'forecast']);

    const patched = await t.app.inject({ method: 'PATCH', url: `/custom-packs/packs/${id}`, headers: pro.headers, payload: { name: 'Weather kit 2' } });
    expect(patched.json()).toEqual({ id, name: 'Weather kit 2', description: 'weather and memory', updated_at: expect.any(Number) });

    const added = await post(`/custom-packs/packs/${id}/servers`, pro, { server: 'everything' });
    expect(added.json()).toEqual({ pack_id: id, server: 'everything', status: 'added', total_servers: 3 });
    expect((await post(`/custom-packs/packs/${id}/servers`, pro, { server: 'everything' })).statusCode).toBe(409);
    expect((await post(`/custom-packs/packs/${id}/servers`, pro, { server: 'ghost' })).statusCode).toBe(404);

    const removed = await t.app.inject({ method: 'DELETE', url: `/custom-packs/packs/${id}/servers/memory`, headers: pro.headers });
    expect(removed.json()).toEqual({ pack_id: id, server: 'memory', status: 'removed', total_servers: 2 });
    const notThere = await t.app.inject({ method: 'DELETE', url: `/custom-packs/packs/${id}/servers/memory`, headers: pro.headers });
    expect(notThere.statusCode).toBe(404);

    const replaced = await t.app.inject({ method: 'PUT', url: `/custom-packs/packs/${id}/servers`, headers: pro.headers, payload: { servers: ['filesystem', 'my-weather'] } });
    expect(replaced.json()).toEqual({ pack_id: id, servers: ['filesystem', 'my-weather'], total_servers: 2 });
    const servers = (await t.app.inject({ method: 'GET', url: '/custom-packs/mcp-servers', headers: pro.headers })).json();
    expect(servers.servers[0].used_in_packs).toBe(1);

    const install = (await t.app.inject({ method: 'GET', url: `/custom-packs/packs/${id}/install`, headers: pro.headers })).json();
    // The pack's own MCP endpoint (test/mcp-face/packs.test.ts checks every client snippet).
    expect(install).toMatchObject({ pack_id: id, command: expect.stringContaining(`/mcp/packs/${id}`) });
    expect(install.install_steps.length).toBeGreaterThanOrEqual(3);
    expect(install.install_steps.join('\n')).toContain(`/mcp/packs/${id}`);

    const enabled = await post('/packs/enable', pro, { pack_id: id });
    expect(enabled.json()).toMatchObject({ pack_id: id, status: 'enabled', servers: ['filesystem', 'my-weather'] });
    expect((await t.app.inject({ method: 'GET', url: `/custom-packs/packs/${id}`, headers: pro.headers })).json().enabled).toBe(true);

    // Other users cannot see or touch it.
    expect((await t.app.inject({ method: 'GET', url: `/custom-packs/packs/${id}`, headers: free.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/custom-packs/packs/${id}`, headers: free.headers })).statusCode).toBe(404);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/custom-packs/packs/${id}`, headers: pro.headers });
    expect(deleted.json()).toEqual({ id, status: 'deleted', message: expect.any(String) });
    expect((await t.app.inject({ method: 'GET', url: `/custom-packs/packs/${id}`, headers: pro.headers })).statusCode).toBe(404);
  });

  it('needs a user identity', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/custom-packs/packs' })).statusCode).toBe(401);
    const adminKey = await t.app.inject({ method: 'GET', url: '/custom-packs/packs', headers: t.adminHeaders });
    expect(adminKey.statusCode).toBe(403);
  });
});
