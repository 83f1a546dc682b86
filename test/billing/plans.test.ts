import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packs } from '../../db/schema/index.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ worker: false, env: { PAYMENT_CURRENCY: 'INR' } });
});
afterAll(async () => t?.close());

describe('GET /billing/plans', () => {
  it('is public and lists free, pro and enterprise with the spec\'s allowances', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/billing/plans' });
    expect(res.statusCode).toBe(200);
    const plans = res.json().plans;
    expect(plans.map((p: { id: string }) => p.id)).toEqual(['free', 'pro', 'enterprise']);
    expect(plans[0]).toEqual({
      id: 'free',
      name: 'Free',
      price: 0,
      currency: 'INR',
      interval: 'month',
      limits: { max_packs: 1, max_servers_per_pack: 5, custom_servers: false, max_open_streams: 10, max_indexed_tools: 1_000, max_webhooks: 5, max_agent_tokens_per_run: 50_000 },
    });
    expect(plans[1].limits).toEqual({
      max_packs: 10,
      max_servers_per_pack: 50,
      custom_servers: true,
      max_open_streams: 50,
      max_indexed_tools: 20_000,
      max_webhooks: 25,
      max_agent_tokens_per_run: 200_000,
    });
    expect(plans[2].limits).toEqual({
      max_packs: null,
      max_servers_per_pack: null,
      custom_servers: true,
      max_open_streams: 500,
      max_indexed_tools: null,
      max_webhooks: 100,
      max_agent_tokens_per_run: 1_000_000,
    });
  });
});

describe('GET /billing/user-limits', () => {
  it('needs credentials, and the admin key has no plan of its own', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/billing/user-limits' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/billing/user-limits', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/billing/user-limits', headers: t.adminHeaders })).statusCode).toBe(403);
  });

  it('answers the caller\'s plan, limits and usage', async () => {
    const free = await t.createUser();
    await t.db.insert(packs).values({ id: `p-${free.user.id}`, name: 'mine', ownerUserId: free.user.id });
    const res = await t.app.inject({ method: 'GET', url: '/billing/user-limits', headers: free.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ plan: 'free', max_packs: 1, max_servers_per_pack: 5, custom_servers: false, max_open_streams: 10, max_indexed_tools: 1_000, max_webhooks: 5, max_agent_tokens_per_run: 50_000, usage: { packs: 1, custom_servers: 0, agent_tokens_this_month: 0 } });
    const enterprise = await t.createUser({ plan: 'enterprise' });
    const ent = await t.app.inject({ method: 'GET', url: '/billing/user-limits', headers: enterprise.headers });
    expect(ent.json()).toMatchObject({ plan: 'enterprise', max_packs: null, max_servers_per_pack: null });
  });
});

describe('billing without a payment provider', () => {
  it('answers 503 on create-order rather than pretending', async () => {
    const u = await t.createUser();
    const res = await t.app.inject({ method: 'POST', url: '/billing/create-order', headers: u.headers, payload: { plan_id: 'pro' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('answers the webhook 401 without a signature and 503 with one it cannot check', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/billing/webhook' })).statusCode).toBe(401);
    const signed = await t.app.inject({ method: 'POST', url: '/billing/webhook', headers: { 'x-payment-signature': 'ab'.repeat(32) }, payload: { event: 'x' } });
    expect(signed.statusCode).toBe(503);
  });
});
