import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryApp } from './helpers.ts';
import { BACKENDS, CATALOG, discoveryApp, seedRegistry } from './helpers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(BACKENDS)('GET /v2/retrieve_tools (%s backend)', (backend) => {
  let t: DiscoveryApp;
  beforeAll(async () => {
    t = await discoveryApp(backend, { worker: false });
    await seedRegistry(t.db, t.search, CATALOG);
  });
  afterAll(async () => t?.close());

  const get = (qs: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/v2/retrieve_tools?${qs}`, headers });

  it('answers tools with input_schema, the capability, the rewritten query, recommended servers and a query id', async () => {
    const res = await get('query=Find%20code%20on%20GitHub&top_k=3');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tools[0]).toMatchObject({ name: 'search_code', server: 'github', input_schema: { type: 'object' } });
    expect(body.tools[0].inputSchema).toBeUndefined();
    expect(body.selected_capability).toBe('search');
    expect(body.capability_confidence).toBeGreaterThan(0.5);
    expect(body.capability_confidence).toBeLessThanOrEqual(1);
    // Normalised (identifiers split, lower case) and expanded with the capability's verbs.
    expect(body.query_rewritten).toMatch(/^find code on git hub /);
    expect(body.query_rewritten).toContain('search');
    expect(body.recommended_mcps[0]).toBe('github');
    expect(new Set(body.recommended_mcps).size).toBe(body.recommended_mcps.length);
    expect(body.query_id).toMatch(UUID);
    expect((await get('query=Find%20code%20on%20GitHub&top_k=3')).json().query_id).not.toBe(body.query_id);
  });

  it('reads literal values as their kinds in query_rewritten (issue 39: a path is an argument, not a tool\'s words)', async () => {
    const body = (await get(`query=${encodeURIComponent('Copy ./test_project_root/data/notes.csv to https://www.dropbox.com/home/x')}&top_k=3`)).json();
    expect(body.query_rewritten).toBe('copy file path csv to url dropbox');
  });

  it('says "general" with confidence 0 when no capability is recognised', async () => {
    const body = (await get('query=postgres')).json();
    expect(body.selected_capability).toBe('general');
    expect(body.capability_confidence).toBe(0);
  });

  it('restricts to filter.server', async () => {
    const body = (await get('query=list&top_k=10&filter.server=github')).json();
    expect(body.tools.length).toBeGreaterThan(0);
    expect(new Set(body.tools.map((x: { server: string }) => x.server))).toEqual(new Set(['github']));
    expect(body.recommended_mcps).toEqual(['github']);
  });

  it('ranks by fused relevance alone with use_hybrid_v3=false', async () => {
    const body = (await get('query=weather%20forecast&use_hybrid_v3=false')).json();
    for (const x of body.tools) expect(x.score).toBeCloseTo(x.semantic_score, 3);
    expect(body.tools[0].name).toBe('get_forecast');
    const v3 = (await get('query=weather%20forecast&use_hybrid_v3=true')).json();
    expect(v3.tools.some((x: { score: number; semantic_score: number }) => Math.abs(x.score - x.semantic_score) > 0.001)).toBe(true);
  });

  it('takes top_k up to 50 (the larger of the two stated bounds)', async () => {
    expect((await get('query=x&top_k=50')).statusCode).toBe(200);
    expect((await get('query=x&top_k=21')).statusCode).toBe(200);
  });

  it.each([
    ['a missing query', 'top_k=2', {}],
    ['a 501-character query', `query=${'a'.repeat(501)}`, {}],
    ['top_k 51', 'query=x&top_k=51', {}],
    ['top_k 0', 'query=x&top_k=0', {}],
    ['use_hybrid_v3=maybe', 'query=x&use_hybrid_v3=maybe', {}],
    ['an unknown X-Agent-Source', 'query=x', { 'x-agent-source': 'robot' }],
  ])('refuses %s with 400 {error, message}', async (_label, qs, headers) => {
    const res = await get(qs, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Bad Request', message: expect.any(String) });
  });

  it('refuses a wrong key with 401 {error, message}', async () => {
    const res = await get('query=x', { 'x-api-key': 'sk_not_a_key' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'Unauthorized', message: expect.any(String) });
  });
});
