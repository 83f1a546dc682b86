import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryApp } from './helpers.ts';
import { BACKENDS, CATALOG, discoveryApp, seedRegistry } from './helpers.ts';

describe.each(BACKENDS)('/v1/retrieve_tools (%s backend)', (backend) => {
  let t: DiscoveryApp;
  let user: Awaited<ReturnType<DiscoveryApp['createUser']>>;
  beforeAll(async () => {
    t = await discoveryApp(backend, { worker: false });
    await seedRegistry(t.db, t.search, CATALOG);
    user = await t.createUser({ plan: 'pro' });
  });
  afterAll(async () => t?.close());

  const get = (qs: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/v1/retrieve_tools?${qs}`, headers });
  const post = (body: unknown, headers: Record<string, string> = user.headers) => t.app.inject({ method: 'POST', url: '/v1/retrieve_tools', payload: body as object, headers });

  it('wraps the result in the envelope', async () => {
    const res = await get('query=open%20an%20issue%20on%20github&top_k=2', user.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, meta: { request_id: res.headers['x-request-id'], timestamp: expect.any(String) } });
    expect(Object.keys(body.data).sort()).toEqual(['query_time_ms', 'tools', 'total_tools_searched']);
    expect(body.data.tools[0]).toMatchObject({ name: 'create_issue', server: 'github', inputSchema: { type: 'object' } });
  });

  it('filters by server, category (dotted or JSON) and min_score', async () => {
    const byServer = (await get('query=list&top_k=10&filter.server=slack')).json().data;
    expect(byServer.tools.length).toBeGreaterThan(0);
    expect(new Set(byServer.tools.map((x: { server: string }) => x.server))).toEqual(new Set(['slack']));
    expect(byServer.total_tools_searched).toBe(CATALOG.slack.tools.length);
    const filter = encodeURIComponent(JSON.stringify({ category: 'databases' }));
    const byCategory = (await get(`query=list&top_k=10&filter=${filter}`)).json().data;
    expect(new Set(byCategory.tools.map((x: { server: string }) => x.server))).toEqual(new Set(['postgres']));
    const all = (await get('query=weather%20forecast&top_k=10')).json().data.tools as { score: number }[];
    const cut = all[2].score;
    const high = (await get(`query=weather%20forecast&top_k=10&filter.min_score=${cut}`)).json().data.tools as { score: number }[];
    expect(high.length).toBeLessThan(all.length);
    for (const x of high) expect(x.score).toBeGreaterThanOrEqual(cut);
  });

  it('POST takes the same in a body and needs credentials', async () => {
    const res = await post({ query: 'send a slack message', top_k: 1, filter: { server: 'slack', min_score: 0 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tools.map((x: { name: string }) => x.name)).toEqual(['send_message']);
    const anonymous = await post({ query: 'x' }, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' }, meta: { request_id: expect.any(String) } });
  });

  it.each([
    ['no query', {}],
    ['a 501-character query', { query: 'q'.repeat(501) }],
    ['top_k 0', { query: 'x', top_k: 0 }],
    ['top_k 51', { query: 'x', top_k: 51 }],
    ['min_score above 1', { query: 'x', filter: { min_score: 2 } }],
    ['a user_id that is no UUID', { query: 'x', user_id: 'bob' }],
  ])('POST refuses %s with 400 INVALID_REQUEST in the envelope', async (_label, body) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'INVALID_REQUEST', message: expect.any(String), details: expect.any(Object) } });
  });

  it.each([
    ['no query', 'top_k=3'],
    ['top_k 51', 'query=x&top_k=51'],
    ['a filter that is not JSON', 'query=x&filter=%7Bnope'],
  ])('GET refuses %s with 400 in the envelope', async (_label, qs) => {
    const res = await get(qs);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'INVALID_REQUEST' } });
  });

  it('lets only an admin override user_id', async () => {
    const other = await t.createUser();
    const refused = await post({ query: 'weather', user_id: other.user.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
    expect((await get(`query=weather&user_id=${other.user.id}`)).statusCode).toBe(403);
    const admin = await post({ query: 'weather', user_id: other.user.id }, t.adminHeaders);
    expect(admin.statusCode).toBe(200);
  });
});
