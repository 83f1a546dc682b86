import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger } from '../mcp/helpers/capture-logger.ts';
import type { DiscoveryApp } from './helpers.ts';
import { BACKENDS, CATALOG, discoveryApp, seedRegistry } from './helpers.ts';

/** Query events are written after the answer: poll briefly instead of sleeping a fixed time. */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const value = await read();
    if (ok(value) || i > 50) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(BACKENDS)('query events and feedback (%s backend)', (backend) => {
  let t: DiscoveryApp;
  let user: Awaited<ReturnType<DiscoveryApp['createUser']>>;
  const log = captureLogger();
  beforeAll(async () => {
    t = await discoveryApp(backend, { worker: false, logger: log.logger });
    await seedRegistry(t.db, t.search, CATALOG);
    user = await t.createUser({ plan: 'enterprise' });
  });
  afterAll(async () => t?.close());

  const v2 = (qs: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/v2/retrieve_tools?${qs}`, headers });
  const history = async (qs = '', headers = user.headers) => (await t.app.inject({ method: 'GET', url: `/queries${qs}`, headers })).json();

  it('stores one event per authenticated v2 retrieval, with the query id, source, scores and tools', async () => {
    const res = await v2('query=weather%20forecast&top_k=2', { ...user.headers, 'x-agent-source': 'mcp' });
    const { query_id: queryId, tools } = res.json();
    const body = await eventually(() => history(), (b) => b.queries.length === 1);
    expect(body.queries).toHaveLength(1);
    const event = body.queries[0];
    expect(event).toMatchObject({ id: queryId, user_id: user.user.id, query: 'weather forecast', source: 'mcp', selected_tools: [] });
    expect(new Date(event.created_at).toISOString()).toBe(event.created_at);
    expect(event.retrieved_tools).toEqual(tools);
    const [best] = tools;
    expect(event.scores[best.name]).toEqual({ score: best.score, semantic_score: best.semantic_score, capability_score: best.capability_score, success_rate: best.success_rate });
  });

  it('defaults the source to api and stores nothing for anonymous or v1 calls', async () => {
    await v2('query=slack%20message', user.headers);
    await v2('query=anonymous%20search', {});
    await t.app.inject({ method: 'GET', url: '/v1/retrieve_tools?query=v1%20search', headers: user.headers });
    const body = await eventually(() => history(), (b) => b.queries.length >= 2);
    expect(body.queries.map((q: { query: string; source: string }) => [q.query, q.source])).toEqual([['slack message', 'api'], ['weather forecast', 'mcp']]);
  });

  it('pages the history with limit (default 50) and needs a user', async () => {
    const other = await t.createUser({ plan: 'enterprise' });
    for (let i = 0; i < 52; i++) await v2(`query=q${i}`, other.headers);
    // Events are stored without holding up the answers: wait until the last one has landed.
    const all = await eventually(() => history('', other.headers), (b) => b.queries.length === 50 && b.queries[0].query === 'q51');
    expect(all.queries).toHaveLength(50);
    expect(all.queries[0].query).toBe('q51');
    expect((await history('?limit=3', other.headers)).queries.map((q: { query: string }) => q.query)).toEqual(['q51', 'q50', 'q49']);
    expect((await t.app.inject({ method: 'GET', url: '/queries' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/queries?limit=0', headers: user.headers })).statusCode).toBe(400);
  });

  it('records selections into the event and logs queries', async () => {
    const { query_id: queryId } = (await v2('query=create%20a%20github%20issue', user.headers)).json();
    await eventually(() => history(), (b) => b.queries.some((q: { id: string }) => q.id === queryId));
    const selected = await t.app.inject({ method: 'POST', url: '/tools/selection-log', headers: user.headers, payload: { tool_name: 'create_issue', server: 'github', query_id: queryId } });
    expect(selected.statusCode).toBe(201);
    expect(selected.json()).toMatchObject({ id: expect.any(String), status: 'logged' });
    const rejected = await t.app.inject({ method: 'POST', url: '/tools/selection-log', payload: { tool_name: 'search_code', server: 'github', action: 'rejected' } });
    expect(rejected.statusCode).toBe(201);
    const event = (await history()).queries.find((q: { id: string }) => q.id === queryId);
    expect(event.selected_tools).toEqual(['create_issue']);
    expect((await t.app.inject({ method: 'POST', url: '/tools/selection-log', payload: { action: 'picked' } })).statusCode).toBe(400);
    const logged = await t.app.inject({ method: 'POST', url: '/query/log', payload: { query: 'weather in Oslo', results_count: 3 } });
    expect(logged.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/query/log', payload: { query: '' } })).statusCode).toBe(400);
    const rows = await t.db.execute(sql`select query, results_count from query_logs`);
    expect([...(rows as unknown as { query: string; results_count: number }[])]).toEqual([{ query: 'weather in Oslo', results_count: 3 }]);
  });

  it('still answers 200 when the event cannot be stored, and warns', async () => {
    await t.db.execute(sql`alter table query_events rename to query_events_gone`);
    try {
      const res = await v2('query=list%20database%20tables', user.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().tools[0].name).toBe('list_tables');
      const warning = await eventually(
        async () => log.lines.map((l) => JSON.parse(l)).find((l) => l.msg?.startsWith('query event not stored')),
        (w) => w !== undefined,
      );
      expect(warning).toMatchObject({ level: 40, query_id: res.json().query_id });
    } finally {
      await t.db.execute(sql`alter table query_events_gone rename to query_events`);
    }
  });
});
