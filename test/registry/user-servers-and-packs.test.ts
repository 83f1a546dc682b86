import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { SYNC_TIMEOUT_MS, useSmallCatalog, errorCode, syncRegistry } from './helpers.ts';

describe('per-user servers, packs and capabilities', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<TestApp['createUser']>>;
  const eventsOf = (kind: string) => t.db.select().from(events).where(and(eq(events.kind, kind), eq(events.userId, user.user.id)));

  beforeAll(async () => {
    t = await createTestApp();
    useSmallCatalog(t);
    await syncRegistry(t);
    user = await t.createUser({ plan: 'pro' });
  }, SYNC_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('lists servers with this user\'s state, toggles them, and refuses unknown servers', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/mcp_servers', headers: user.headers })).json();
    expect(before).toMatchObject({ total: before.servers.length, enabled_count: 0 });
    const everything = before.servers.find((s: { name: string }) => s.name === 'everything');
    expect(everything).toMatchObject({ enabled: false, installed: false, display_name: expect.any(String), category: 'development', icon: expect.any(String), url: expect.any(String) });

    const on = await t.app.inject({ method: 'POST', url: '/mcp_servers/toggle', headers: user.headers, payload: { server: 'everything', enabled: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ server: 'everything', enabled: true, status: 'activated', tools_enabled: everything.tools_count });
    expect(on.headers['x-ratelimit-limit']).toBeDefined();
    const after = (await t.app.inject({ method: 'GET', url: '/mcp_servers', headers: user.headers })).json();
    expect(after.enabled_count).toBe(1);

    const installed = (await t.app.inject({ method: 'GET', url: '/tools/installed', headers: user.headers })).json();
    expect(installed.total).toBe(everything.tools_count);
    expect(installed.tools[0]).toMatchObject({ server: 'everything', enabled: true, name: expect.any(String), description: expect.any(String) });

    const off = await t.app.inject({ method: 'POST', url: '/mcp_servers/toggle', headers: user.headers, payload: { server: 'everything', enabled: false } });
    expect(off.json()).toEqual({ server: 'everything', enabled: false, status: 'deactivated', tools_enabled: 0 });

    const unknown = await t.app.inject({ method: 'POST', url: '/mcp_servers/toggle', headers: user.headers, payload: { server: 'no-such-server', enabled: true } });
    expect(unknown.statusCode).toBe(404);
    expect(errorCode(unknown)).toBe('SERVER_NOT_FOUND');
  });

  it('tracks an installation once, emitting server.installed', async () => {
    const track = () =>
      t.app.inject({ method: 'POST', url: '/v2/track_installation', headers: user.headers, payload: { tool_name: 'create_entities', server: 'memory' } });
    const first = await track();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'tracked', server: 'memory', tool_name: 'create_entities', installed: true, newly_installed: true });
    const second = await track();
    expect(second.json()).toMatchObject({ newly_installed: false });
    const recorded = await eventsOf('server.installed');
    expect(recorded).toHaveLength(1);
    expect(recorded[0].data).toMatchObject({ server_name: 'memory', display_name: expect.any(String), tools_enabled: expect.any(Number) });

    const state = (await t.app.inject({ method: 'GET', url: '/user-servers/servers', headers: user.headers })).json();
    expect(state).toMatchObject({ enabled_servers: ['memory'], enabled_packs: [] });

    const badTool = await t.app.inject({ method: 'POST', url: '/v2/track_installation', headers: user.headers, payload: { tool_name: 'nope', server: 'memory' } });
    expect(badTool.statusCode).toBe(404);
    expect(errorCode(badTool)).toBe('TOOL_NOT_FOUND');
  });

  it('lists curated packs, shows one with its servers, and enables it once with pack.enabled', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/packs', headers: user.headers })).json();
    const reference = list.packs.find((p: { id: string }) => p.id === 'mcp-reference');
    expect(reference).toMatchObject({ servers: ['everything', 'memory', 'filesystem', 'sequential-thinking'], enabled: false, total_tools: expect.any(Number) });
    const anonymous = (await t.app.inject({ method: 'GET', url: '/packs/mcp-reference' })).json();
    expect(anonymous).not.toHaveProperty('enabled');
    const servers = (await t.app.inject({ method: 'GET', url: '/packs/mcp-reference/servers' })).json();
    expect(servers.total).toBe(4);
    expect(servers.servers[0].tools.length).toBe(servers.servers[0].tools_count);

    const enable = await t.app.inject({ method: 'POST', url: '/packs/enable', headers: user.headers, payload: { pack_id: 'mcp-reference' } });
    expect(enable.statusCode).toBe(200);
    expect(enable.json()).toMatchObject({ pack_id: 'mcp-reference', status: 'enabled', servers_enabled: 4, newly_enabled: true });
    await t.app.inject({ method: 'POST', url: '/packs/enable', headers: user.headers, payload: { pack_id: 'mcp-reference' } });
    const recorded = await eventsOf('pack.enabled');
    expect(recorded).toHaveLength(1);
    expect(recorded[0].data).toMatchObject({ pack_id: 'mcp-reference', name: 'MCP Reference Servers', servers: ['everything', 'memory', 'filesystem', 'sequential-thinking'], total_tools: reference.total_tools });
    const state = (await t.app.inject({ method: 'GET', url: '/user-servers/servers', headers: user.headers })).json();
    expect(state.enabled_packs).toEqual(['mcp-reference']);
    expect(state.enabled_servers).toEqual(['everything', 'filesystem', 'memory', 'sequential-thinking']);
    expect((await t.app.inject({ method: 'GET', url: '/packs/mcp-reference', headers: user.headers })).json().enabled).toBe(true);

    const unknown = await t.app.inject({ method: 'POST', url: '/packs/enable', headers: user.headers, payload: { pack_id: 'no-such-pack' } });
    expect(unknown.statusCode).toBe(404);
    expect(errorCode(unknown)).toBe('NOT_FOUND');
  });

  it('syncs the client\'s installed servers all or nothing', async () => {
    const other = await t.createUser();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/user-servers/servers',
      headers: other.headers,
      payload: { installed_servers: ['everything', 'ghost-server'], installed_packs: [] },
    });
    expect(bad.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/user-servers/servers', headers: other.headers })).json().enabled_servers).toEqual([]);
    const good = await t.app.inject({
      method: 'POST',
      url: '/user-servers/servers',
      headers: other.headers,
      payload: { installed_servers: ['everything'], installed_packs: ['knowledge-and-reasoning'] },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({
      enabled_packs: ['knowledge-and-reasoning'],
      enabled_servers: ['everything', 'memory', 'sequential-thinking'],
      installed_servers: ['everything'],
    });
  });

  it('refreshes the user\'s servers on sync-trigger', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/user-servers/sync-trigger', headers: user.headers });
    // 200 with the result when it finishes within the trigger's bounded wait, else 202 and a Location to read it.
    expect([200, 202]).toContain(response.statusCode);
    let body = response.json();
    for (let i = 0; body.status === 'running' && i < 120; i++) {
      await new Promise((r) => setTimeout(r, 250));
      body = (await t.app.inject({ method: 'GET', url: response.headers.location as string, headers: user.headers })).json();
    }
    expect(body).toMatchObject({ sync_id: expect.any(String), status: 'completed', synced_count: 4, timestamp: expect.any(String) });
    expect(body.servers.map((s: { name: string }) => s.name)).toEqual(['everything', 'filesystem', 'memory', 'sequential-thinking']);
  });

  it('lists capabilities in both senses and categories, and enables a capability', async () => {
    const caps = (await t.app.inject({ method: 'GET', url: '/capabilities' })).json();
    expect(caps.capabilities.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(['search', 'read', 'create']));
    expect(caps.capabilities[0]).toEqual({ id: expect.any(String), name: expect.any(String), tool_count: expect.any(Number) });
    expect(caps.capabilities.some((c: { tool_count: number }) => c.tool_count > 0)).toBe(true);
    const v2 = (await t.app.inject({ method: 'GET', url: '/v2/capabilities' })).json();
    expect(v2.capabilities.find((c: { server_name: string }) => c.server_name === 'memory')).toMatchObject({ description: expect.any(String) });
    const toolCaps = (await t.app.inject({ method: 'GET', url: '/tools/capabilities' })).json();
    expect(toolCaps.capabilities[0]).toMatchObject({ id: expect.any(String), servers: expect.any(Array) });
    const categories = (await t.app.inject({ method: 'GET', url: '/tools/categories' })).json();
    expect(categories.total).toBe(9);
    expect(categories.categories.find((c: { name: string }) => c.name === 'development').server_count).toBeGreaterThanOrEqual(3);

    const fresh = await t.createUser();
    const enable = await t.app.inject({ method: 'POST', url: '/capabilities/enable', headers: fresh.headers, payload: { capability_id: 'filesystem' } });
    expect(enable.json()).toMatchObject({ capability_id: 'filesystem', status: 'enabled', tools_enabled: expect.any(Number) });
    const unknown = await t.app.inject({ method: 'POST', url: '/capabilities/enable', headers: fresh.headers, payload: { capability_id: 'nothing-here' } });
    expect(unknown.statusCode).toBe(404);
  });
});
