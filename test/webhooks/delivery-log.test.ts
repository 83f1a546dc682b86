import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.ts';
import { createExecutionApp, until } from '../execution/helpers/setup.ts';
import { startReceiver, verifySignature } from './receiver.ts';

type Json = Record<string, any>;
type User = Awaited<ReturnType<TestApp['createUser']>>;

// The delivery log, redelivery and secret rotation (issue 12, item 5) against real receivers
// on loopback: the log is what the workflows recorded, attempt by attempt.
describe('webhook delivery log', { timeout: 120_000 }, () => {
  let t: TestApp;
  let failOnce: Awaited<ReturnType<typeof startReceiver>>;
  let failThrice: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    t = await createExecutionApp({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' });
    failOnce = await startReceiver({ failFirst: 1 });
    failThrice = await startReceiver({ failFirst: 3 });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await failOnce?.close();
    await failThrice?.close();
  });

  const subscribe = async (user: User, url: string) => {
    const created = await t.app.inject({ method: 'POST', url: '/webhooks', headers: user.headers, payload: { url, events: ['tool.executed'] } });
    expect(created.statusCode).toBe(201);
    return created.json() as Json;
  };
  /** One direct run: one tool.executed event, so one delivery per subscription. */
  const run = async (user: User, a: number) => {
    const r = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'get-sum', params: { a, b: 1 } } });
    expect(r.statusCode).toBe(200);
  };
  const log = async (user: User, hookId: string, query = '') => {
    const r = await t.app.inject({ method: 'GET', url: `/webhooks/${hookId}/deliveries${query}`, headers: user.headers });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { deliveries: Json[]; pagination: Json };
  };
  /** Event ids in the order the receiver first saw them. */
  const arrivalOrder = (receiver: typeof failOnce, hookSecret: string) => [
    ...new Set(receiver.received.filter((r) => verifySignature(hookSecret, r.body, r.signature)).map((r) => r.id)),
  ];

  it('shows each attempt (a failure with its status code and duration, then the delivery), newest first, in pages; redeliver sends the same event again', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const hook = await subscribe(user, failOnce.url);
    for (const a of [1, 2, 3]) await run(user, a);

    const page = await until(async () => {
      const got = await log(user, hook.id);
      return got.deliveries.length === 3 && got.deliveries.every((d) => d.status === 'delivered') ? got : undefined;
    }, 60_000, 200);
    expect(page.pagination).toEqual({ limit: 20, offset: 0, total: 3 });
    // Newest first: the reverse of the order the receiver first saw the events.
    const arrived = arrivalOrder(failOnce, hook.secret);
    expect(arrived).toHaveLength(3);
    expect(page.deliveries.map((d) => d.event_id)).toEqual([...arrived].reverse());
    const created = page.deliveries.map((d) => d.created_at as number);
    expect([...created].sort((x, y) => y - x)).toEqual(created);
    for (const d of page.deliveries) {
      expect(d).toMatchObject({ id: expect.any(String), event: 'tool.executed', status: 'delivered', next_attempt_at: null });
      expect(d.attempts).toEqual([
        { attempt: 1, attempted_at: expect.any(Number), status_code: 500, duration_ms: expect.any(Number), error: 'receiver answered 500' },
        { attempt: 2, attempted_at: expect.any(Number), status_code: 200, duration_ms: expect.any(Number), error: null },
      ]);
      expect(d.attempts[1].attempted_at).toBeGreaterThanOrEqual(d.attempts[0].attempted_at);
      // What the receiver saw is what the log says: the same event, twice, 500 then 200.
      expect(failOnce.received.filter((r) => r.id === d.event_id).map((r) => r.status)).toEqual([500, 200]);
    }

    // Pages: limit and offset over the same order.
    const first = await log(user, hook.id, '?limit=2');
    expect(first.pagination).toEqual({ limit: 2, offset: 0, total: 3 });
    expect(first.deliveries.map((d) => d.id)).toEqual(page.deliveries.slice(0, 2).map((d) => d.id));
    const second = await log(user, hook.id, '?limit=2&offset=2');
    expect(second.pagination).toEqual({ limit: 2, offset: 2, total: 3 });
    expect(second.deliveries.map((d) => d.id)).toEqual([page.deliveries[2]!.id]);
    expect((await log(user, hook.id, '?offset=3')).deliveries).toEqual([]);

    // Redeliver the oldest: a new attempt of the same delivery, the same event id and bytes.
    const oldest = page.deliveries[2]!;
    const before = failOnce.received.filter((r) => r.id === oldest.event_id);
    const again = await t.app.inject({ method: 'POST', url: `/webhooks/${hook.id}/deliveries/${oldest.id}/redeliver`, headers: user.headers });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({ id: oldest.id, event_id: oldest.event_id, event: 'tool.executed' });
    expect(['pending', 'delivered']).toContain(again.json().status);
    const redelivered = await until(async () => {
      const d = (await log(user, hook.id)).deliveries.find((x) => x.id === oldest.id)!;
      return d.status === 'delivered' && d.attempts.length === 3 ? d : undefined;
    }, 30_000, 200);
    expect(redelivered.attempts[2]).toMatchObject({ attempt: 3, status_code: 200, error: null });
    const seen = failOnce.received.filter((r) => r.id === oldest.event_id);
    expect(seen).toHaveLength(before.length + 1);
    expect(seen.at(-1)).toMatchObject({ id: oldest.event_id, body: before[0]!.body, attempt: 3, status: 200 });
    expect(verifySignature(hook.secret, seen.at(-1)!.body, seen.at(-1)!.signature)).toBe(true);
    // Still three deliveries, still in the same order: a redelivery is not a new one.
    expect((await log(user, hook.id)).deliveries.map((d) => d.id)).toEqual(page.deliveries.map((d) => d.id));
  });

  it('says retrying with the next attempt time while a delivery backs off; a rotated secret signs its retries and later deliveries, the old one nothing', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const hook = await subscribe(user, failThrice.url);
    await run(user, 10);

    // After the second failure the wait is 2 s (a durable timer): the log says so meanwhile.
    const waiting = await until(async () => {
      const d = (await log(user, hook.id)).deliveries[0];
      return d?.status === 'retrying' && d.attempts.length >= 2 ? d : undefined;
    }, 30_000, 50);
    expect(waiting.next_attempt_at).toEqual(expect.any(Number));
    expect(waiting.next_attempt_at).toBeGreaterThanOrEqual(waiting.attempts.at(-1).attempted_at);
    expect(waiting.attempts.every((a: Json) => a.status_code === 500)).toBe(true);

    // In flight: a redelivery now is refused, in the nested error form.
    const busy = await t.app.inject({ method: 'POST', url: `/webhooks/${hook.id}/deliveries/${waiting.id}/redeliver`, headers: user.headers });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toMatchObject({ code: 'CONFLICT' });

    const rotated = await t.app.inject({ method: 'POST', url: `/webhooks/${hook.id}/rotate-secret`, headers: user.headers });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret } = rotated.json() as Json;
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(secret).not.toBe(hook.secret);
    expect(rotated.json()).toMatchObject({ id: hook.id, url: failThrice.url, status: 'active' });
    // Shown once: the list does not carry it.
    const listed = (await t.app.inject({ method: 'GET', url: '/webhooks', headers: user.headers })).json().webhooks as Json[];
    expect(listed.find((w) => w.id === hook.id)?.secret).toBeUndefined();

    const done = await until(async () => {
      const d = (await log(user, hook.id)).deliveries[0];
      return d?.status === 'delivered' ? d : undefined;
    }, 30_000, 200);
    expect(done.attempts.map((a: Json) => a.status_code)).toEqual([500, 500, 500, 200]);
    expect(done.next_attempt_at).toBeNull();
    // The retry that got through went out after the rotation: the new secret signed it.
    const last = failThrice.received.filter((r) => r.id === done.event_id).at(-1)!;
    expect(last.status).toBe(200);
    expect(verifySignature(secret, last.body, last.signature)).toBe(true);
    expect(verifySignature(hook.secret, last.body, last.signature)).toBe(false);

    // A later event: the new secret only.
    await run(user, 20);
    const next = await until(async () => {
      const d = (await log(user, hook.id)).deliveries;
      return d.length === 2 ? d[0] : undefined;
    }, 30_000, 200);
    expect(next.event_id).not.toBe(done.event_id);
    const first = await until(async () => failThrice.received.find((r) => r.id === next.event_id), 10_000);
    expect(verifySignature(secret, first.body, first.signature)).toBe(true);
    expect(verifySignature(hook.secret, first.body, first.signature)).toBe(false);
  });

  it('answers 404 for another user’s webhook or another webhook’s delivery, 400 for malformed ids and pages', async () => {
    const owner = await t.createUser({ plan: 'pro' });
    const other = await t.createUser({ plan: 'pro' });
    const hook = await subscribe(owner, failOnce.url);
    const sibling = await subscribe(owner, failOnce.url);
    await run(owner, 30);
    // The event reaches both subscriptions: one delivery each.
    const [delivery] = await until(async () => {
      const d = (await log(owner, hook.id)).deliveries;
      return d.length === 1 && d[0]!.status === 'delivered' ? d : undefined;
    }, 60_000, 200);
    const ownerHeaders = owner.headers;
    const call = (method: 'GET' | 'POST', url: string, headers = ownerHeaders) => t.app.inject({ method, url, headers });
    const expectError = async (response: Promise<{ statusCode: number; json: () => any }>, status: number, code: string) => {
      const r = await response;
      expect(r.statusCode).toBe(status);
      expect(r.json().error).toMatchObject({ code, message: expect.any(String) });
    };

    // Another user: as if it did not exist.
    await expectError(call('GET', `/webhooks/${hook.id}/deliveries`, other.headers), 404, 'NOT_FOUND');
    await expectError(call('POST', `/webhooks/${hook.id}/deliveries/${delivery!.id}/redeliver`, other.headers), 404, 'NOT_FOUND');
    await expectError(call('POST', `/webhooks/${hook.id}/rotate-secret`, other.headers), 404, 'NOT_FOUND');
    // The owner, but the delivery belongs to another subscription, or to none.
    await expectError(call('POST', `/webhooks/${sibling.id}/deliveries/${delivery!.id}/redeliver`), 404, 'NOT_FOUND');
    await expectError(call('POST', `/webhooks/${hook.id}/deliveries/${randomUUID()}/redeliver`), 404, 'NOT_FOUND');
    await expectError(call('GET', `/webhooks/${randomUUID()}/deliveries`), 404, 'NOT_FOUND');

    // Malformed ids and pages.
    await expectError(call('GET', '/webhooks/not-a-uuid/deliveries'), 400, 'INVALID_REQUEST');
    await expectError(call('POST', `/webhooks/${hook.id}/deliveries/123/redeliver`), 400, 'INVALID_REQUEST');
    await expectError(call('POST', '/webhooks/nope/rotate-secret'), 400, 'INVALID_REQUEST');
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'limit=1.5', 'offset=-1', 'offset=x']) {
      await expectError(call('GET', `/webhooks/${hook.id}/deliveries?${query}`), 400, 'INVALID_REQUEST');
    }
    // Without credentials: 401.
    expect((await t.app.inject({ method: 'GET', url: `/webhooks/${hook.id}/deliveries` })).statusCode).toBe(401);
  });
});
