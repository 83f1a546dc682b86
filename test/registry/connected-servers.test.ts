import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_HEALTH_WORKFLOW, workflowArgs } from '../../contracts/workflows.ts';
import type { serverHealthWorkflow } from '../../workflows/index.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { SYNC_TIMEOUT_MS, useSmallCatalog, startWeatherServer, syncRegistry } from './helpers.ts';

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('connected servers: statuses from the scheduled health-check workflow', () => {
  let t: TestApp;
  let weather: Awaited<ReturnType<typeof startWeatherServer>>;
  let user: Awaited<ReturnType<TestApp['createUser']>>;

  const runHealthCheck = () =>
    t.temporal.client.workflow.execute<typeof serverHealthWorkflow>(SERVER_HEALTH_WORKFLOW, {
      taskQueue: t.taskQueue,
      workflowId: `health-${Date.now()}`,
      args: workflowArgs(SERVER_HEALTH_WORKFLOW, { timeoutMs: 5_000 }),
    });

  beforeAll(async () => {
    t = await createTestApp();
    useSmallCatalog(t);
    weather = await startWeatherServer();
    await syncRegistry(t);
    user = await t.createUser();
    const down = await closedPort();
    for (const [name, url] of [['weather-http', weather.mcpUrl], ['down-server', `http://127.0.0.1:${down}/mcp`]] as const) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/admin/mcp_registry',
        headers: t.adminHeaders,
        payload: { name, display_name: name, description: 'test server', url: 'https://example.com', icon: 'server', category: 'custom', tools_count: 0, launch: { type: 'streamable-http', url } },
      });
      expect(created.statusCode).toBe(201);
    }
  }, SYNC_TIMEOUT_MS);
  afterAll(async () => {
    await weather?.close();
    await t?.close();
  });

  it('lists servers we connect to as disconnected with last_checked null before any check', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/servers', headers: user.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, meta: { request_id: expect.any(String) } });
    const names = body.data.servers.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['everything', 'memory', 'filesystem', 'sequential-thinking', 'weather-http', 'down-server']));
    // The admin entry with a live launch was refreshed on creation, so it is connected already.
    expect(body.data.servers.find((s: { name: string }) => s.name === 'weather-http')).toMatchObject({ status: 'connected', tool_count: 2 });
  });

  it('reports connected, disconnected and error after the health check runs', async () => {
    const result = await runHealthCheck();
    expect(result.checked).toBeGreaterThanOrEqual(6);
    const response = await t.app.inject({ method: 'GET', url: '/v1/servers', headers: user.headers });
    const servers = response.json().data.servers as { name: string; status: string; tool_count: number; last_checked: string }[];
    const byName = new Map(servers.map((s) => [s.name, s]));
    for (const name of ['everything', 'memory', 'filesystem', 'sequential-thinking', 'weather-http']) {
      expect(byName.get(name)).toMatchObject({ status: 'connected', tool_count: expect.any(Number), last_checked: expect.any(String) });
      expect(byName.get(name)?.tool_count).toBeGreaterThan(0);
    }
    expect(byName.get('down-server')).toMatchObject({ status: 'disconnected', tool_count: 0 });
    expect(Date.parse(byName.get('down-server')?.last_checked ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('sees a server go down and come back', async () => {
    await weather.close();
    await runHealthCheck();
    let servers = (await t.app.inject({ method: 'GET', url: '/v1/servers', headers: user.headers })).json().data.servers;
    expect(servers.find((s: { name: string }) => s.name === 'weather-http').status).not.toBe('connected');
    weather = await startWeatherServer();
    await t.app.inject({
      method: 'PATCH',
      url: '/admin/mcp_registry/weather-http',
      headers: t.adminHeaders,
      payload: { launch: { type: 'streamable-http', url: weather.mcpUrl } },
    });
    await runHealthCheck();
    servers = (await t.app.inject({ method: 'GET', url: '/v1/servers', headers: user.headers })).json().data.servers;
    expect(servers.find((s: { name: string }) => s.name === 'weather-http')).toMatchObject({ status: 'connected', tool_count: 2 });
  });

  it('does not list catalog-only entries, and needs credentials', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/servers' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
  });
});
