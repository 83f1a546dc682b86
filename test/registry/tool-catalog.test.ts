import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { SYNC_TIMEOUT_MS, useSmallCatalog, errorCode, syncRegistry } from './helpers.ts';

describe('tool catalog routes', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<TestApp['createUser']>>;

  beforeAll(async () => {
    t = await createTestApp();
    useSmallCatalog(t);
    await syncRegistry(t);
    user = await t.createUser();
  }, SYNC_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('GET /tools (root form) lists every tool with a total, filtered by server', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/tools' })).json();
    expect(all.total).toBe(all.tools.length);
    expect(all.tools[0]).toEqual({ name: expect.any(String), server: expect.any(String), description: expect.any(String) });
    const memory = (await t.app.inject({ method: 'GET', url: '/tools?server=memory' })).json();
    expect(memory.tools.every((tool: { server: string }) => tool.server === 'memory')).toBe(true);
    expect(memory.total).toBeGreaterThan(0);
  });

  it('GET /v1/tools pages in the envelope with has_more', async () => {
    const first = (await t.app.inject({ method: 'GET', url: '/v1/tools?limit=5' })).json();
    expect(first).toMatchObject({ success: true, data: { pagination: { limit: 5, offset: 0, has_more: true } }, meta: { request_id: expect.any(String) } });
    expect(first.data.items).toHaveLength(5);
    expect(first.data.items[0]).toMatchObject({ name: expect.any(String), server: expect.any(String), inputSchema: { type: 'object' }, category: expect.any(String), tags: expect.any(Array) });
    const total = first.data.pagination.total;
    const last = (await t.app.inject({ method: 'GET', url: `/v1/tools?limit=5&offset=${total - 2}` })).json();
    expect(last.data.items).toHaveLength(2);
    expect(last.data.pagination.has_more).toBe(false);
    const dev = (await t.app.inject({ method: 'GET', url: '/v1/tools?category=databases&limit=100' })).json();
    expect(dev.data.items.every((tool: { category: string }) => tool.category === 'databases')).toBe(true);
  });

  it('GET /v1/tools/{tool_name} gives the detail, by name, server/name or ?server=', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/tools/get-sum', headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'get-sum',
      server: 'everything',
      description: expect.any(String),
      category: 'development',
      inputSchema: { type: 'object', required: ['a', 'b'] },
      examples: [],
      authentication_required: null,
    });
    expect(response.json().data).toHaveProperty('outputSchema');
    expect(response.json().data).toHaveProperty('rate_limit');
    const qualified = await t.app.inject({ method: 'GET', url: '/v1/tools/memory%2Fread_graph', headers: user.headers });
    expect(qualified.json().data).toMatchObject({ name: 'read_graph', server: 'memory' });
    const byQuery = await t.app.inject({ method: 'GET', url: '/v1/tools/read_graph?server=memory', headers: user.headers });
    expect(byQuery.json().data.server).toBe('memory');
    const missing = await t.app.inject({ method: 'GET', url: '/v1/tools/no-such-tool', headers: user.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    const wrongServer = await t.app.inject({ method: 'GET', url: '/v1/tools/get-sum?server=memory', headers: user.headers });
    expect(wrongServer.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/tools/get-sum' })).statusCode).toBe(401);
  });

  it('GET /tools/registry and /tools/registry/{tool_name} need no credentials', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/tools/registry' })).json();
    expect(list.tools[0]).toEqual({ name: expect.any(String), server: expect.any(String), category: expect.any(String), tags: expect.any(Array) });
    const detail = await t.app.inject({ method: 'GET', url: '/tools/registry/echo' });
    expect(detail.json()).toMatchObject({ name: 'echo', server: 'everything', inputSchema: { type: 'object' } });
    const missing = await t.app.inject({ method: 'GET', url: '/tools/registry/no-such-tool' });
    expect(missing.statusCode).toBe(404);
    expect(errorCode(missing)).toBe('NOT_FOUND');
  });

  it('indexes synced tools for retrieval', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/retrieve_tools?query=add%20two%20numbers%20together&top_k=5' });
    expect(response.statusCode).toBe(200);
    const names = response.json().tools.map((tool: { server: string; name: string }) => `${tool.server}/${tool.name}`);
    expect(names).toContain('everything/get-sum');
  });
});
