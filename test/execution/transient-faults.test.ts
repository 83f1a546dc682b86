import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { CountingHttpServer } from './helpers/counting-http.ts';
import { registerSearchAttributes, sleep } from './helpers/setup.ts';

/** Port of the test's MCP server (helper X's range, 27100-27199). */
const PORT = 27150;

// Transient MCP faults are retried only when the request provably never left (decisions.md,
// "At most one call per run"): a real Streamable HTTP server that is down (connection refused)
// when the run starts and up again a moment later is called exactly once, and the run succeeds.
describe('a server that is down, then up', { timeout: 90_000 }, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['createUser']>>;
  const server = new CountingHttpServer(PORT);

  beforeAll(async () => {
    t = await createTestApp();
    await registerSearchAttributes(t.temporal.client, t.temporal.namespace);
    admin = await t.createUser({ plan: 'pro', role: 'admin' });
    await server.up();
    const created = await t.app.inject({
      method: 'POST',
      url: '/custom-packs/mcp-servers',
      headers: admin.headers,
      payload: { name: 'flaky', display_name: 'Flaky', description: 'down, then up', config: { url: server.url } },
    });
    if (created.statusCode !== 201) throw new Error(`custom server not created: ${created.statusCode} ${created.body}`);
    expect(created.json()).toMatchObject({ tools_count: 1, connection: { status: 'connected' } });
  }, 180_000);
  afterAll(async () => {
    await server.down();
    await t?.close();
  });

  /** Takes the server down, runs `start` while it is down, and brings it back after `downMs`. */
  const whileDown = async <T>(start: () => Promise<T>, downMs = 1_500): Promise<T> => {
    await server.down();
    const pending = start();
    await sleep(downMs);
    await server.up();
    return pending;
  };

  it('direct (v1): connection refused, then the one call once it is back', async () => {
    const r = await whileDown(() =>
      t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: admin.headers, payload: { tool_name: 'flaky/note', params: { note: 'direct' } } }),
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.result.content[0].text).toBe('noted direct');
    expect(server.count('direct')).toBe(1);
  });

  it('job: connection refused, then the one call once it is back', async () => {
    const submitted = await whileDown(async () => {
      const response = await t.app.inject({ method: 'POST', url: '/jobs/submit', headers: admin.headers, payload: { tool: 'flaky/note', arguments: { note: 'job' } } });
      expect(response.statusCode, response.body).toBe(200);
      const jobId = response.json().job_id as string;
      await t.temporal.client.workflow.getHandle(jobId).result();
      return jobId;
    });
    const job = (await t.app.inject({ method: 'GET', url: `/jobs/${submitted}`, headers: admin.headers })).json();
    expect(job).toMatchObject({ status: 'completed', result: { content: [{ text: 'noted job' }] } });
    expect(server.count('job')).toBe(1);
  });
});
