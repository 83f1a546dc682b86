import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryApp } from './helpers.ts';
import { BACKENDS, CATALOG, discoveryApp, seedRegistry, toolCount } from './helpers.ts';

describe.each(BACKENDS)('GET /retrieve_tools (%s backend)', (backend) => {
  let t: DiscoveryApp;
  beforeAll(async () => {
    t = await discoveryApp(backend, { worker: false });
    await seedRegistry(t.db, t.search, CATALOG);
  });
  afterAll(async () => t?.close());

  const get = (qs: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/retrieve_tools?${qs}`, headers });

  it('answers the root form: ranked tools with scores in 0..1, query_time_ms and total_tools_searched', async () => {
    const res = await get('query=weather%20forecast%20for%20Paris&top_k=3', t.adminHeaders);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['query_time_ms', 'tools', 'total_tools_searched']);
    expect(Number.isInteger(body.query_time_ms)).toBe(true);
    expect(body.total_tools_searched).toBe(toolCount(CATALOG));
    expect(body.tools).toHaveLength(3);
    expect(body.tools[0]).toMatchObject({ name: 'get_forecast', server: 'weather', category: 'custom', tags: [] });
    expect(body.tools[0].inputSchema.properties.city).toEqual({ type: 'string', description: 'City name' });
    for (const tool of body.tools) {
      for (const key of ['score', 'semantic_score', 'capability_score', 'success_rate']) {
        expect(tool[key]).toBeGreaterThanOrEqual(0);
        expect(tool[key]).toBeLessThanOrEqual(1);
      }
    }
    const scores = body.tools.map((x: { score: number }) => x.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('defaults top_k to 5 and finds each domain', async () => {
    const res = await get('query=send%20a%20message%20to%20the%20team%20channel');
    expect(res.statusCode).toBe(200);
    expect(res.json().tools).toHaveLength(5);
    expect(res.json().tools[0]).toMatchObject({ server: 'slack', name: 'send_message' });
    const sql = await get('query=run%20an%20SQL%20query%20on%20postgres&top_k=1');
    expect(sql.json().tools.map((x: { name: string }) => x.name)).toEqual(['run_query']);
  });

  it('accepts the bounds: 1 and 500 characters, top_k 1 and 50', async () => {
    expect((await get('query=a&top_k=1')).statusCode).toBe(200);
    expect((await get(`query=${'a'.repeat(500)}&top_k=50`)).statusCode).toBe(200);
    expect((await get('query=github&top_k=50')).json().tools.length).toBe(toolCount(CATALOG));
  });

  it.each([
    ['a missing query', 'top_k=5', /query/],
    ['an empty query', 'query=', /query/],
    ['a blank query', 'query=%20%20', /query/],
    ['a 501-character query', `query=${'a'.repeat(501)}`, /500/],
    ['top_k 0', 'query=x&top_k=0', /top_k/],
    ['top_k 51', 'query=x&top_k=51', /top_k/],
    ['a non-numeric top_k', 'query=x&top_k=many', /top_k/],
    ['a fractional top_k', 'query=x&top_k=2.5', /top_k/],
  ])('refuses %s with 400 in the plain form', async (_label, qs, mentions) => {
    const res = await get(qs);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('Bad Request');
    expect(body.message).toMatch(mentions);
  });

  it('refuses a wrong key with 401 in the plain form, and works without one', async () => {
    const res = await get('query=weather', { authorization: 'Bearer sk_wrong' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'Unauthorized', message: expect.any(String) });
    expect((await get('query=weather')).statusCode).toBe(200);
  });

  it('reports the search backend in GET /health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
  });
});
