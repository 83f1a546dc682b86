import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOrders } from '../../db/schema/index.ts';
import { startPaymentProvider } from '../support/payment-provider.ts';
import type { PaymentProvider } from '../support/payment-provider.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
let provider: PaymentProvider;

beforeAll(async () => {
  provider = await startPaymentProvider();
  t = await createTestApp({ env: provider.env });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

type User = Awaited<ReturnType<TestApp['createUser']>>;
const createOrder = (u: User, plan_id: string) =>
  t.app.inject({ method: 'POST', url: '/billing/create-order', headers: u.headers, payload: { plan_id } });
const verify = (u: User, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/billing/verify-payment', headers: u.headers, payload });
const limits = async (u: User) => (await t.app.inject({ method: 'GET', url: '/billing/user-limits', headers: u.headers })).json();

describe('POST /billing/create-order', () => {
  it('needs credentials and a known plan', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/billing/create-order', payload: { plan_id: 'pro' } })).statusCode).toBe(401);
    const u = await t.createUser();
    for (const payload of [{}, { plan_id: 'gold' }, { plan_id: 'pro', extra: 1 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/billing/create-order', headers: u.headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_REQUEST');
    }
  });

  it('refuses the free plan and anything that is not an upgrade', async () => {
    const pro = await t.createUser({ plan: 'pro' });
    expect((await createOrder(pro, 'free')).json().error.details).toMatchObject({ parameter: 'plan_id', reason: 'not_purchasable' });
    expect((await createOrder(pro, 'pro')).json().error.details).toMatchObject({ reason: 'not_an_upgrade' });
  });

  it('creates the order at the provider with our key and records it', async () => {
    const u = await t.createUser();
    const res = await createOrder(u, 'pro');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ order_id: expect.stringMatching(/^order_/), amount: 1900, currency: 'USD', key_id: provider.keyId, plan_id: 'pro' });
    const atProvider = provider.orders.get(body.order_id);
    expect(atProvider).toMatchObject({ amount: 1900, currency: 'USD', notes: { user_id: u.user.id, plan_id: 'pro' } });
    expect(provider.requests.filter((r) => r.path === '/v1/orders').every((r) => r.authorized)).toBe(true);
  });

  it('rides out a provider blip by retrying', async () => {
    const u = await t.createUser();
    provider.failNextRequests(1);
    const res = await createOrder(u, 'enterprise');
    expect(res.statusCode).toBe(201);
    expect(res.json().amount).toBe(9900);
  });
});

describe('POST /billing/verify-payment', () => {
  it('upgrades the plan through the verification workflow, once', async () => {
    const u = await t.createUser();
    const order = (await createOrder(u, 'pro')).json();
    const { paymentId, signature } = provider.pay(order.order_id);
    const payload = { plan_id: 'pro', provider_order_id: order.order_id, provider_payment_id: paymentId, provider_signature: signature };
    const res = await verify(u, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'verified', plan: 'pro', order_id: order.order_id, payment_id: paymentId, limits: { max_packs: 10 } });
    expect((await limits(u)).plan).toBe('pro');
    expect(provider.requests.some((r) => r.path === `/v1/payments/${paymentId}`)).toBe(true);
    const again = await verify(u, payload);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('verified');
  });

  it('rejects a wrong signature with 400 and leaves the plan alone', async () => {
    const u = await t.createUser();
    const order = (await createOrder(u, 'pro')).json();
    const { paymentId, signature } = provider.pay(order.order_id);
    const forged = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    const res = await verify(u, { plan_id: 'pro', provider_order_id: order.order_id, provider_payment_id: paymentId, provider_signature: forged });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toMatchObject({ parameter: 'provider_signature', reason: 'mismatch' });
    expect((await limits(u)).plan).toBe('free');
  });

  it('validates the body, hides other users\' orders and checks the plan matches the order', async () => {
    const u = await t.createUser();
    const order = (await createOrder(u, 'pro')).json();
    const { paymentId, signature } = provider.pay(order.order_id);
    const good = { plan_id: 'pro', provider_order_id: order.order_id, provider_payment_id: paymentId, provider_signature: signature };
    expect((await t.app.inject({ method: 'POST', url: '/billing/verify-payment', payload: good })).statusCode).toBe(401);
    expect((await verify(u, { ...good, provider_signature: 'xyz' })).statusCode).toBe(400);
    expect((await verify(u, { ...good, provider_order_id: undefined })).json().error.details).toMatchObject({ parameter: 'provider_order_id', reason: 'required' });
    expect((await verify(u, { ...good, plan_id: 'enterprise' })).json().error.details).toMatchObject({ parameter: 'plan_id', reason: 'mismatch' });
    const stranger = await t.createUser();
    expect((await verify(stranger, good)).statusCode).toBe(404);
  });

  it('refuses a signed payment that does not pay the order in full', async () => {
    const u = await t.createUser();
    const order = (await createOrder(u, 'pro')).json();
    const { paymentId, signature } = provider.pay(order.order_id, { amount: 100 });
    const res = await verify(u, { plan_id: 'pro', provider_order_id: order.order_id, provider_payment_id: paymentId, provider_signature: signature });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.reason).toBe('mismatch');
    expect((await limits(u)).plan).toBe('free');
  });

  it('answers 202 pending for an authorized, not yet captured payment', async () => {
    const u = await t.createUser();
    const order = (await createOrder(u, 'pro')).json();
    const { paymentId, signature } = provider.pay(order.order_id, { status: 'authorized' });
    const res = await verify(u, { plan_id: 'pro', provider_order_id: order.order_id, provider_payment_id: paymentId, provider_signature: signature });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'pending', plan: 'free', plan_id: 'pro' });
    const [row] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, order.order_id));
    expect(row.status).toBe('created');
  });

  it('answers 400 for a failed payment', async () => {
    const u = await t.createUser();
    const order = (await createOrder(u, 'pro')).json();
    const { paymentId, signature } = provider.pay(order.order_id, { status: 'failed' });
    const res = await verify(u, { plan_id: 'pro', provider_order_id: order.order_id, provider_payment_id: paymentId, provider_signature: signature });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.reason).toBe('payment_failed');
  });
});

describe('verify-payment when no worker is polling', () => {
  it('answers 503 after a bounded wait instead of hanging', async () => {
    const idle = await createTestApp({ worker: false, env: provider.env });
    try {
      const u = await idle.createUser();
      await idle.db.insert(paymentOrders).values({ id: 'order_idle1', userId: u.user.id, planId: 'pro', amount: 1900, currency: 'USD' });
      const signature = createHmac('sha256', provider.keySecret).update('order_idle1|pay_idle1').digest('hex');
      const started = Date.now();
      const res = await idle.app.inject({
        method: 'POST',
        url: '/billing/verify-payment',
        headers: u.headers,
        payload: { plan_id: 'pro', provider_order_id: 'order_idle1', provider_payment_id: 'pay_idle1', provider_signature: signature },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.details).toEqual({ retryable: true });
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await idle.close();
    }
  }, 60_000);
});
