import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsServer } from '../../platform/telemetry/metrics-server.ts';
import { createLogger } from '../../platform/logger.ts';
import type { TestApp } from '../support/test-app.ts';
import { createExecutionApp } from '../execution/helpers/setup.ts';
import { find, parseExposition } from './exposition.ts';

// Issue 19: the Prometheus endpoint of a process that runs API and worker, scraped after a real
// direct run of server-everything's echo and a retrieval; an unauthorised scrape is refused.
describe('metrics', { timeout: 60_000 }, () => {
  let t: TestApp;
  let user: Awaited<ReturnType<TestApp['createUser']>>;

  beforeAll(async () => {
    t = await createExecutionApp();
    user = await t.createUser({ plan: 'pro' });
  }, 120_000);
  afterAll(async () => t?.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: t.adminHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseExposition(res.body);
  };

  it('refuses a scrape without the admin key, and with a user key', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(anonymous.statusCode).toBe(401);
    const asUser = await t.app.inject({ method: 'GET', url: '/metrics', headers: user.headers });
    expect(asUser.statusCode).toBe(403);
    expect(anonymous.body + asUser.body).not.toContain('http_server_request_duration_seconds');
  });

  it('counts a direct run, its MCP call and the process state', async () => {
    const before = await scrape();
    const calls = (s: typeof before.samples) =>
      find(s, 'mcp_client_operation_duration_seconds_count', { mcp_method_name: 'tools/call', gen_ai_tool_name: 'echo', switchboard_server: 'everything', outcome: 'completed' })[0]?.value ?? 0;

    const run = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'everything/echo', params: { message: 'metrics' } } });
    expect(run.statusCode).toBe(200);

    const { samples, types } = await scrape();
    // The run: one more completed echo call, with its duration.
    expect(calls(samples)).toBe(calls(before.samples) + 1);
    expect(find(samples, 'mcp_client_operation_duration_seconds_sum', { gen_ai_tool_name: 'echo' })[0]!.value).toBeGreaterThan(0);
    // HTTP: the route template and status, not the raw URL.
    const http = find(samples, 'http_server_request_duration_seconds_count', { http_request_method: 'POST', http_route: '/v1/execute_tool', http_response_status_code: '200' });
    expect(http[0]?.value).toBeGreaterThanOrEqual(1);
    const backend = t.config.searchBackend;
    // Jobs by state (the table holds no job yet: the family is declared), the pool, launches, the index.
    expect(types.get('switchboard_jobs')).toBe('gauge');
    // Two sessions, one label: the operator's instance (the registry's tools/list) and the user's own (issue 35).
    expect(find(samples, 'switchboard_mcp_sessions', { switchboard_server: 'everything' })[0]?.value).toBe(2);
    expect(find(samples, 'switchboard_mcp_session_launches_total', { switchboard_server: 'everything', outcome: 'opened' })[0]?.value).toBeGreaterThanOrEqual(1);
    expect(find(samples, 'switchboard_search_index_documents', { backend })[0]?.value).toBeGreaterThan(0);
    expect(types.get('switchboard_webhook_delivery_attempts_total')).toBe('counter');
    expect(types.get('switchboard_webhook_deliveries_attempts')).toBe('histogram');
    // The Temporal SDK's own worker metrics, through its runtime telemetry.
    const temporal = [...types.keys()].filter((name) => name.startsWith('temporal_'));
    expect(temporal).toEqual(expect.arrayContaining([expect.stringMatching(/^temporal_workflow_task_schedule_to_start_latency/), expect.stringMatching(/^temporal_worker_task_slots_used/)]));
    expect(find(samples, 'temporal_worker_task_slots_used').length).toBeGreaterThan(0);
  });

  it('counts a retrieval by backend with the number of tools it answered', async () => {
    const retrieval = await t.app.inject({ method: 'GET', url: '/v2/retrieve_tools?query=echo%20a%20message&top_k=3', headers: user.headers });
    expect(retrieval.statusCode).toBe(200);
    const answered = (retrieval.json() as { tools: unknown[] }).tools.length;
    const backend = t.config.searchBackend;
    const { samples } = await scrape();
    expect(find(samples, 'http_server_request_duration_seconds_count', { http_route: '/v2/retrieve_tools', http_response_status_code: '200' })[0]?.value).toBe(1);
    expect(find(samples, 'switchboard_retrieval_duration_seconds_count', { backend }).reduce((n, s) => n + s.value, 0)).toBe(1);
    expect(find(samples, 'switchboard_retrieval_results_sum', { backend })[0]!.value).toBe(answered);
  });

  it('counts jobs by state from the job table', async () => {
    const submit = await t.app.inject({ method: 'POST', url: '/jobs/submit', headers: user.headers, payload: { tool: 'everything/echo', arguments: { message: 'job' } } });
    expect(submit.statusCode).toBeLessThan(300);
    const { samples } = await scrape();
    const total = find(samples, 'switchboard_jobs').reduce((n, s) => n + s.value, 0);
    expect(total).toBe(1);
  });

  it('has every series the Grafana dashboard charts', async () => {
    const dashboard = JSON.parse(readFileSync('docs/grafana/switchboard.json', 'utf8')) as { panels: Array<{ targets: Array<{ expr: string }> }> };
    const exprs = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));
    // Series names, not the label names of `by (...)` clauses.
    const names = new Set(exprs.flatMap((expr) => expr.replace(/by \([^)]*\)/g, '').match(/\b(?:http_server|switchboard|mcp_client|temporal|nodejs)_[a-z0-9_]+/g) ?? []));
    const { types } = await scrape();
    const family = (name: string) => [name, name.replace(/_(bucket|count|sum)$/, '')].find((n) => types.has(n));
    expect([...names].filter((name) => !family(name))).toEqual([]);
    expect(names.size).toBeGreaterThan(10);
  });

  it('serves the same text on the separate listener without a credential', async () => {
    const server = await startMetricsServer('127.0.0.1', 30401, createLogger('silent'));
    try {
      const res = await fetch(server.url);
      expect(res.status).toBe(200);
      const { samples } = parseExposition(await res.text());
      expect(find(samples, 'mcp_client_operation_duration_seconds_count', { gen_ai_tool_name: 'echo' }).length).toBeGreaterThan(0);
      expect((await fetch(server.url.replace('/metrics', '/other'))).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
