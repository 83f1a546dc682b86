import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userServers } from '../../db/schema/index.ts';
import { insertServer } from '../moderation/fixtures.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
let zebra: string;
let quokka: string;

beforeAll(async () => {
  t = await createTestApp({ worker: false });
  zebra = await insertServer(t.db, {
    name: 'zebratrack',
    description: 'Track zebra herds across the savanna',
    category: 'monitoring',
    tags: ['wildlife'],
    authentication: { type: 'token', required: true, env_var: 'ZEBRA_TOKEN', setup_url: 'https://zebra.example/tokens' },
    tools: [
      { name: 'list_zebras', description: 'List zebras in a herd' },
      { name: 'count_herds', description: 'Count herds seen today', tags: ['census'] },
    ],
  });
  quokka = await insertServer(t.db, { name: 'quokkadb', description: 'A database of quokka sightings', category: 'databases', tools: [{ name: 'query_sightings', description: 'Query quokka sightings' }] });
});
afterAll(async () => t?.close());

const recommend = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/recommender', headers, payload: payload as object });

describe('POST /recommender', () => {
  it('recommends servers, tools, steps and calls to action by term matching', async () => {
    const res = await recommend({ query: 'How do I list the zebras of a herd?' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.servers[0]).toBe(zebra);
    expect(body.servers).not.toContain(quokka);
    expect(body.tools[0]).toBe(`${zebra}/list_zebras`);
    expect(body.steps[0]).toMatch(/API key/);
    expect(body.steps.some((s: string) => s.includes('POST /mcp_servers/toggle') && s.includes(zebra))).toBe(true);
    expect(body.steps.some((s: string) => s.includes('ZEBRA_TOKEN') && s.includes('https://zebra.example/tokens'))).toBe(true);
    expect(body.cta).toContain(`View ${zebra.toUpperCase()} in the registry: GET /mcp_registry/${zebra}`);
    expect(body.details.terms).toEqual(['list', 'zebra', 'herd']);
    expect(body.details.servers[0]).toMatchObject({ name: zebra, enabled: false });
  });

  it('knows which servers the caller already enabled', async () => {
    const u = await t.createUser();
    await t.db.insert(userServers).values({ userId: u.user.id, serverName: zebra, enabled: true });
    const body = (await recommend({ query: 'count zebra herds' }, u.headers)).json();
    expect(body.details.servers[0]).toMatchObject({ name: zebra, enabled: true });
    expect(body.steps.some((s: string) => s.includes('toggle'))).toBe(false);
    expect(body.steps.some((s: string) => s.includes('API key'))).toBe(false);
  });

  it('answers no_match with empty lists for an unrelated query', async () => {
    const body = (await recommend({ query: 'xylophone marmalade' })).json();
    expect(body).toMatchObject({ status: 'no_match', servers: [], tools: [], steps: [] });
    expect(body.cta.length).toBeGreaterThan(0);
  });

  it('validates the body', async () => {
    for (const payload of [{}, { query: '' }, { query: '   ' }, { query: 'x'.repeat(501) }, { query: 'a', limit: 0 }, { query: 'a', other: 1 }]) {
      const res = await recommend(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().error.code).toBe('INVALID_REQUEST');
    }
    expect((await recommend({ query: 'zebra' }, { authorization: 'Bearer sb_nope' })).statusCode).toBe(401);
  });
});

describe('recommender examples and status', () => {
  it('examples are fixed queries with what the catalog recommends now', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/recommender/examples' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(body.examples.length);
    const db = body.examples.find((e: { query: string }) => e.query === 'query a postgres database');
    expect(db.servers).toContain(quokka);
  });

  it('status reports the method and the size of the catalog', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/recommender/status' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', method: 'term-match', servers_indexed: expect.any(Number), tools_indexed: expect.any(Number) });
    expect(res.json().tools_indexed).toBeGreaterThanOrEqual(3);
    expect((await t.app.inject({ method: 'POST', url: '/recommender/status', payload: { x: 1 } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/recommender/status', payload: {} })).statusCode).toBe(200);
  });
});
