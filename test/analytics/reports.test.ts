import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryEvents, toolRuns } from '../../db/schema/index.ts';
import { insertServer } from '../moderation/fixtures.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
let server: string;
let user: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  t = await createTestApp({ worker: false });
  server = await insertServer(t.db);
  user = await t.createUser();
  // What the other areas record: two service runs (one failed) and three retrievals.
  await t.db.insert(toolRuns).values([
    { executionId: randomUUID(), userId: user.user.id, server, tool: 'lookup', mode: 'direct', status: 'completed', durationMs: 40 },
    { executionId: randomUUID(), userId: user.user.id, server, tool: 'lookup', mode: 'job', status: 'failed', durationMs: 60, errorCode: 'EXECUTION_ERROR' },
  ]);
  const retrieved = [{ name: 'lookup', server }];
  await t.db.insert(queryEvents).values([
    { id: randomUUID(), userId: user.user.id, query: 'Find  Issues', retrievedTools: retrieved },
    { id: randomUUID(), userId: user.user.id, query: 'find issues', retrievedTools: retrieved },
    { id: randomUUID(), userId: user.user.id, query: 'quantum widgets', retrievedTools: [] },
  ]);
  const post = (url: string, payload: object, headers = {}) => t.app.inject({ method: 'POST', url, payload, headers });
  await post('/mcp-analytics/analytics/track', { event_type: 'server_view', server_name: server });
  await post('/mcp-analytics/analytics/track', { event_type: 'search', query: 'FIND issues' });
  await post('/observability/tool-logs', { logs: [{ tool_name: 'lookup', server_name: server, status: 'timeout', duration_ms: 5000, error_code: 'TIMEOUT' }] }, user.headers);
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = t.adminHeaders) => t.app.inject({ method: 'GET', url, headers });

describe('admin analytics routes', () => {
  it('are admin only and validate their query', async () => {
    for (const url of [`/mcp-analytics/servers/${server}/analytics`, '/mcp-analytics/analytics/dashboard', '/mcp-analytics/analytics/search-trends']) {
      expect((await get(url, {})).statusCode, url).toBe(401);
      expect((await get(url, user.headers)).statusCode, url).toBe(403);
      expect((await get(`${url}?days=0`)).statusCode, url).toBe(400);
      expect((await get(`${url}?days=abc`)).json().error.details.parameter).toBe('days');
    }
    expect((await get('/mcp-analytics/analytics/search-trends?limit=101')).statusCode).toBe(400);
    expect((await get('/mcp-analytics/servers/no-such-server/analytics')).statusCode).toBe(404);
  });

  it('server analytics combine events, service runs, client logs, retrievals', async () => {
    const res = await get(`/mcp-analytics/servers/${server}/analytics?days=7`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      server_name: server,
      period: { days: 7 },
      events: { total: 1, by_type: { server_view: 1 } },
      executions: { total: 3, successes: 1, success_rate: 0.3333 },
      search_appearances: 2,
      unique_users: 1,
      top_tools: [{ tool: 'lookup', executions: 3 }],
    });
    expect(body.daily).toHaveLength(1);
    expect(body.daily[0]).toMatchObject({ events: 1, executions: 3 });
  });

  it('the dashboard counts users, servers, searches, executions and events', async () => {
    const res = await get('/mcp-analytics/analytics/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users).toMatchObject({ total: 1, by_plan: { free: 1, pro: 0, enterprise: 0 }, new_in_period: 1 });
    expect(body.servers.by_category.development).toBeGreaterThanOrEqual(1);
    expect(body.searches).toMatchObject({ retrievals: 3, unique_searchers: 1 });
    expect(body.executions).toMatchObject({ total: 3, by_service: 2, reported_by_clients: 1 });
    expect(body.top_servers[0]).toEqual({ server, executions: 3 });
    expect(body.events_by_type).toMatchObject({ server_view: 1, search: 1 });
    expect(body.revenue).toEqual([]);
  });

  it('search trends group normalised queries across retrievals and tracked searches', async () => {
    const res = await get('/mcp-analytics/analytics/search-trends');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total_searches: 4, unique_queries: 2, by_origin: { retrieval: 3, query_log: 0, tracked: 1 } });
    expect(body.top_queries[0]).toMatchObject({ query: 'find issues', count: 3, avg_results: 1 });
    expect(body.zero_result_queries).toEqual([{ query: 'quantum widgets', count: 1 }]);
    expect(body.daily.reduce((a: number, d: { searches: number }) => a + d.searches, 0)).toBe(4);
  });
});

describe('GET /observability/tool-insights', () => {
  it('answers global insights anonymously and the caller\'s own with credentials', async () => {
    const anon = await get('/observability/tool-insights', {});
    expect(anon.statusCode).toBe(200);
    expect(anon.json().scope).toBe('global');
    const lookup = anon.json().tools.find((x: { tool: string }) => x.tool === 'lookup');
    // The global view counts service runs of public servers only, never client-reported rows (issue 20).
    expect(lookup).toMatchObject({ server, calls: 2, successes: 1, failures: 1, sources: { service: 2, client: 0 }, p50_duration_ms: 50, p95_duration_ms: 59 });
    expect(lookup.top_errors.map((e: { code: string }) => e.code).sort()).toEqual(['EXECUTION_ERROR']);

    const mine = await get('/observability/tool-insights?days=1', user.headers);
    expect(mine.json()).toMatchObject({ scope: 'user', totals: { calls: 3 } });
    const stranger = await t.createUser();
    expect((await get('/observability/tool-insights', stranger.headers)).json()).toMatchObject({ scope: 'user', tools: [], totals: { calls: 0, success_rate: null } });
    expect((await get(`/observability/tool-insights?tool=nothing`, {})).json().tools).toEqual([]);
  });

  it('400s bad query parameters', async () => {
    expect((await get('/observability/tool-insights?days=91', {})).statusCode).toBe(400);
    expect((await get('/observability/tool-insights?limit=0', {})).statusCode).toBe(400);
  });
});
