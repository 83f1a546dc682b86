import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { SYNC_TIMEOUT_MS, startUpstreamRegistry, startWeatherServer, syncRegistry, useSmallCatalog } from './helpers.ts';

describe('registry sync workflow with the real reference servers', () => {
  let t: TestApp;
  let first: Record<string, unknown>;

  beforeAll(async () => {
    // The fake upstream's remote listens on loopback: allowed here on purpose (the refusal of
    // private remotes is test/registry/upstream-private-remotes.test.ts).
    t = await createTestApp({ env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });
    useSmallCatalog(t);
    first = await syncRegistry(t);
  }, SYNC_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('answers {status, synced_count, timestamp} and refreshes the four reference servers over stdio', () => {
    expect(first).toMatchObject({ status: 'completed', synced_count: expect.any(Number), timestamp: expect.any(String) });
    expect(new Date(first.timestamp as string).toString()).not.toBe('Invalid Date');
    expect(first.synced_count).toBeGreaterThanOrEqual(4);
    const refreshed = first.servers_refreshed as { name: string; ok: boolean; tool_count: number }[];
    for (const name of ['everything', 'memory', 'filesystem', 'sequential-thinking']) {
      expect(refreshed.find((r) => r.name === name)).toMatchObject({ ok: true, tool_count: expect.any(Number) });
    }
  });

  it('stores the tools tools/list gave, with their real input schemas', async () => {
    const detail = await t.app.inject({ method: 'GET', url: '/mcp_registry/everything' });
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body).toMatchObject({ name: 'everything', category: 'development', tools_source: 'tools/list', authentication: { type: 'none', required: false } });
    expect(body.tools.map((tool: { name: string }) => tool.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    expect(body.tools_count).toBe(body.tools.length);

    const sum = await t.app.inject({ method: 'GET', url: '/tools/registry/get-sum?server=everything' });
    expect(sum.json().inputSchema).toMatchObject({ type: 'object', required: ['a', 'b'] });
    const memory = await t.app.inject({ method: 'GET', url: '/mcp_registry/memory' });
    expect(memory.json().tools.map((tool: { name: string }) => tool.name)).toEqual(expect.arrayContaining(['create_entities', 'read_graph']));
  });

  it('is idempotent: a second sync changes nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/mcp_registry?limit=500' })).json();
    const again = await syncRegistry(t);
    expect(again).toMatchObject({ status: 'completed', synced_count: first.synced_count, tools_changed: 0, reindex_workflow_id: null });
    expect(first.reindex_workflow_id).toEqual(expect.any(String));
    const after = (await t.app.inject({ method: 'GET', url: '/mcp_registry?limit=500' })).json();
    expect(after).toEqual(before);
  });

  it('lists, filters and pages the registry with a total', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/mcp_registry?limit=500' })).json();
    expect(all.total).toBe(all.servers.length);
    expect(all.servers[0]).not.toHaveProperty('tools');
    expect(all.servers[0]).toEqual(
      expect.objectContaining({
        name: expect.any(String),
        display_name: expect.any(String),
        version: expect.any(String),
        tools_count: expect.any(Number),
        supported_platforms: expect.any(Array),
      }),
    );
    const dev = (await t.app.inject({ method: 'GET', url: '/mcp_registry?category=development&limit=500' })).json();
    expect(dev.servers.every((s: { category: string }) => s.category === 'development')).toBe(true);
    expect(dev.servers.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['everything', 'filesystem']));
    const tagged = (await t.app.inject({ method: 'GET', url: '/mcp_registry?tag=knowledge-graph' })).json();
    expect(tagged.servers.map((s: { name: string }) => s.name)).toContain('memory');
    const text = (await t.app.inject({ method: 'GET', url: '/mcp_registry?q=THINKING' })).json();
    expect(text.servers.map((s: { name: string }) => s.name)).toContain('sequential-thinking');
    const page = (await t.app.inject({ method: 'GET', url: '/mcp_registry?limit=2&offset=1' })).json();
    expect(page.servers).toHaveLength(2);
    expect(page.total).toBe(all.total);
    expect(page.servers[0].name).toBe(all.servers[1].name);
  });

  it('reads an upstream registry in the official server.json format, paged, and connects to its remotes', async () => {
    const weather = await startWeatherServer();
    const upstream = await startUpstreamRegistry([
      { name: 'io.github.acme/weather', title: 'Acme Weather', description: 'Weather over MCP', version: '1.2.3', remotes: [{ type: 'streamable-http', url: weather.mcpUrl }] },
      {
        name: 'io.github.acme/tickets',
        description: 'Ticket tracker (package only)',
        version: '0.4.0',
        packages: [{ registryType: 'npm', identifier: '@acme/tickets-mcp', version: '0.4.0', transport: { type: 'stdio' }, environmentVariables: [{ name: 'ACME_TOKEN', isRequired: true, isSecret: true }] }],
      },
      { name: 'com.example/broken entry' },
      { description: 'no name: skipped' },
    ]);
    try {
      const result = await syncRegistry(t, upstream.url);
      expect(result).toMatchObject({ status: 'completed', upstream_count: 3 });
      expect(upstream.requests).toEqual(['/v0.1/servers', '/v0.1/servers?cursor=2']);

      const acme = (await t.app.inject({ method: 'GET', url: '/mcp_registry/io-github-acme-weather' })).json();
      expect(acme).toMatchObject({ display_name: 'Acme Weather', version: '1.2.3', tools_source: 'tools/list', tools_count: 2 });
      expect(acme.tools.map((tool: { name: string }) => tool.name).sort()).toEqual(['current-weather', 'forecast']);
      const tickets = (await t.app.inject({ method: 'GET', url: '/mcp_registry/io-github-acme-tickets' })).json();
      expect(tickets).toMatchObject({ tools_count: 0, authentication: { type: 'token', required: true, env_var: 'ACME_TOKEN' } });

      const again = await syncRegistry(t, upstream.url);
      expect(again).toMatchObject({ status: 'completed', upstream_count: 3, tools_changed: 0 });
    } finally {
      await upstream.close();
      await weather.close();
    }
  });

  it('reports partial, keeping the registry, when the upstream registry fails', async () => {
    const upstream = await startUpstreamRegistry([]);
    try {
      const result = await syncRegistry(t, upstream.brokenUrl);
      expect(result).toMatchObject({ status: 'partial', upstream_count: 0 });
      expect(result.catalog_count).toBeGreaterThanOrEqual(4);
    } finally {
      await upstream.close();
    }
  });
});
