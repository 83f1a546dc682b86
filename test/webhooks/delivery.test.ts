import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.ts';
import { createExecutionApp, until } from '../execution/helpers/setup.ts';
import { startReceiver, verifySignature } from './receiver.ts';

type Json = Record<string, any>;

// A real receiver that fails the first two attempts of every event: deliveries are retried
// with backoff, carry the same id and body each time, and are signed.
describe('webhook delivery', { timeout: 90_000 }, () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    // The receiver listens on loopback, which only an explicit setting allows.
    t = await createExecutionApp({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' });
    receiver = await startReceiver({ failFirst: 2 });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('delivers every job and tool event, signed, retried under the same id, counting failures', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/webhooks',
      headers: user.headers,
      payload: { url: receiver.url, events: ['job.queued', 'job.started', 'job.completed', 'tool.executed', 'tool.execution.completed'], description: 'test' },
    });
    expect(created.statusCode).toBe(201);
    const hook = created.json();
    expect(hook.secret).toMatch(/^whsec_[0-9a-f]{64}$/);

    const job = (await t.app.inject({ method: 'POST', url: '/jobs/submit', headers: user.headers, payload: { tool: 'echo', arguments: { message: 'hook' } } })).json();
    const direct = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'get-sum', params: { a: 1, b: 2 } } });
    expect(direct.statusCode).toBe(200);

    // job: queued, started, completed, tool.executed, tool.execution.completed; direct: the two tool events.
    const expected = 7;
    const delivered = () => receiver.received.filter((r) => r.status === 200);
    await until(async () => delivered().length >= expected, 60_000, 200);
    expect(delivered()).toHaveLength(expected);

    const byId = new Map<string, typeof receiver.received>();
    for (const r of receiver.received) byId.set(r.id, [...(byId.get(r.id) ?? []), r]);
    expect(byId.size).toBe(expected);
    for (const [id, attempts] of byId) {
      // Two refusals then one success, the same bytes and signature every time.
      expect(attempts.map((a) => a.status)).toEqual([500, 500, 200]);
      expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
      // Backoff: at least 1 s, then at least 2 s (lower bounds: a loaded machine only adds).
      expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900);
      expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1_900);
      for (const a of attempts) expect(verifySignature(hook.secret, a.body, a.signature)).toBe(true);
      const payload = JSON.parse(attempts[0]!.body) as Json;
      expect(payload).toMatchObject({ id, api_version: 'v1', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), data: expect.any(Object) });
    }
    const events = new Map(delivered().map((r) => [r.event, JSON.parse(r.body).data as Json]));
    expect(events.get('job.queued')).toMatchObject({ job_id: job.job_id, tool: 'echo', arguments: { message: 'hook' }, created_at: expect.any(Number) });
    expect(events.get('job.started')).toMatchObject({ job_id: job.job_id, started_at: expect.any(Number), estimated_duration_ms: expect.any(Number) });
    expect(events.get('job.completed')).toMatchObject({ job_id: job.job_id, status: 'completed', execution_time_ms: expect.any(Number), result: { content: [{ text: 'Echo: hook' }] } });
    const toolEvents = delivered().filter((r) => r.event === 'tool.executed').map((r) => JSON.parse(r.body).data as Json);
    expect(toolEvents.map((d) => d.tool).sort()).toEqual(['echo', 'get-sum']);
    expect(toolEvents.find((d) => d.tool === 'get-sum')).toMatchObject({ execution_id: expect.any(String), status: 'success', arguments: { a: 1, b: 2 } });

    // The counters follow: two failures per event, last_used set by the successes.
    const listed = await until(async () => {
      const list = (await t.app.inject({ method: 'GET', url: '/webhooks', headers: user.headers })).json().webhooks as Json[];
      return list[0]?.failed_attempts === expected * 2 ? list[0] : undefined;
    }, 10_000);
    expect(listed).toMatchObject({ id: hook.id, last_used: expect.any(Number) });
    expect(listed.secret).toBeUndefined();
  });
});
