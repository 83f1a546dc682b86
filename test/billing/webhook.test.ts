import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingWebhookEvents, paymentOrders } from '../../db/schema/index.ts';
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

const send = (body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/billing/webhook', headers: { 'content-type': 'application/json', ...headers }, payload: body });

const captured = (orderId: string, paymentId: string, id: string) =>
  JSON.stringify({ id, event: 'payment.captured', payload: { payment: { entity: { id: paymentId, order_id: orderId, status: 'captured' } } } });

async function paidOrder() {
  const u = await t.createUser();
  const order = (await t.app.inject({ method: 'POST', url: '/billing/create-order', headers: u.headers, payload: { plan_id: 'pro' } })).json();
  const { paymentId } = provider.pay(order.order_id);
  return { u, orderId: order.order_id as string, paymentId };
}

async function planOf(headers: Record<string, string>, want: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let plan = '';
  while (Date.now() < deadline) {
    plan = (await t.app.inject({ method: 'GET', url: '/billing/user-limits', headers })).json().plan;
    if (plan === want) return plan;
    await new Promise((r) => setTimeout(r, 150));
  }
  return plan;
}

describe('POST /billing/webhook', () => {
  it('401s a missing or wrong signature before reading the body', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/billing/webhook' })).statusCode).toBe(401);
    expect((await send('', {})).statusCode).toBe(401);
    const body = captured('order_x', 'pay_x', 'evt_unsigned');
    expect((await send(body, {})).statusCode).toBe(401);
    const wrong = await send(body, { 'x-payment-signature': provider.signWebhook(body, 'some-other-secret-000') });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('UNAUTHORIZED');
    expect((await send('not json', { 'x-payment-signature': provider.signWebhook('something else') })).statusCode).toBe(401);
  });

  it('400s a signed body that is not a notification', async () => {
    for (const body of ['{"event":', JSON.stringify({ payload: {} }), JSON.stringify({ event: 'payment.captured' })]) {
      const res = await send(body, { 'x-payment-signature': provider.signWebhook(body) });
      expect(res.statusCode, body).toBe(400);
      expect(res.json().error.code).toBe('INVALID_REQUEST');
    }
  });

  it('applies a captured payment through the verification workflow, and dedupes by event id', async () => {
    const { u, orderId, paymentId } = await paidOrder();
    const body = captured(orderId, paymentId, `evt_${orderId}`);
    const res = await send(body, { 'x-payment-signature': provider.signWebhook(body) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'processing', event_id: `evt_${orderId}`, event: 'payment.captured' });
    expect(await planOf(u.headers, 'pro')).toBe('pro');
    const [order] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    expect(order).toMatchObject({ status: 'paid', paymentId });

    const again = await send(body, { 'x-payment-signature': provider.signWebhook(body) });
    expect(again.json().status).toBe('duplicate');
    const events = await t.db.select().from(billingWebhookEvents).where(eq(billingWebhookEvents.id, `evt_${orderId}`));
    expect(events).toHaveLength(1);
    expect(events[0].outcome).toBe('processing');
  });

  it('takes the event id from the X-Payment-Event-Id header and requires one', async () => {
    const body = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_zz', order_id: 'order_unknown' } } } });
    const signature = provider.signWebhook(body);
    const missing = await send(body, { 'x-payment-signature': signature });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.parameter).toBe('id');
    const res = await send(body, { 'x-payment-signature': signature, 'x-payment-event-id': 'evt_header_1' });
    expect(res.json()).toEqual({ status: 'ignored', event_id: 'evt_header_1', event: 'payment.captured' });
  });

  it('marks an unpaid order failed on payment.failed', async () => {
    const u = await t.createUser();
    const order = (await t.app.inject({ method: 'POST', url: '/billing/create-order', headers: u.headers, payload: { plan_id: 'pro' } })).json();
    const body = JSON.stringify({ id: `evt_f_${order.order_id}`, event: 'payment.failed', payload: { payment: { entity: { id: 'pay_f', order_id: order.order_id, status: 'failed' } } } });
    const res = await send(body, { 'x-payment-signature': `sha256=${provider.signWebhook(body)}` });
    expect(res.json().status).toBe('processed');
    const [row] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, order.order_id));
    expect(row.status).toBe('failed');
  });
});

describe('billing when the provider is down', () => {
  it('answers 503 on create-order after the retries', async () => {
    const down = await createTestApp({ env: { ...provider.env, PAYMENT_PROVIDER_URL: 'http://127.0.0.1:9' } });
    try {
      const u = await down.createUser();
      const res = await down.app.inject({ method: 'POST', url: '/billing/create-order', headers: u.headers, payload: { plan_id: 'pro' } });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await down.close();
    }
  }, 30_000);
});
