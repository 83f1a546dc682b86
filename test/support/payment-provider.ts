import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  status: 'created' | 'paid';
  notes: Record<string, string>;
}
export interface FakePayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: 'authorized' | 'captured' | 'failed';
}

/**
 * A test double of the Razorpay-style payment provider, as a real HTTP server on 127.0.0.1:
 * basic auth with key id and secret, POST /v1/orders, GET /v1/orders/{id},
 * GET /v1/payments/{id}. `pay()` plays the customer's checkout and returns what the checkout
 * hands the browser: the payment id and its signature.
 */
export async function startPaymentProvider(options: { keyId?: string; keySecret?: string; webhookSecret?: string } = {}) {
  const keyId = options.keyId ?? 'rzp_test_key';
  const keySecret = options.keySecret ?? 'provider-key-secret-0123456789';
  const webhookSecret = options.webhookSecret ?? 'provider-webhook-secret-0123456789';
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const requests: { method: string; path: string; authorized: boolean }[] = [];
  let failNext = 0;
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const error = (description: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description } });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    const authorized = req.headers.authorization === expectedAuth;
    requests.push({ method: req.method ?? '', path, authorized });
    if (failNext > 0) {
      failNext--;
      return send(res, 503, error('temporarily unavailable'));
    }
    if (!authorized) return send(res, 401, error('Authentication failed'));
    if (req.method === 'POST' && path === '/v1/orders') {
      const body = await readBody(req);
      if (!Number.isInteger(body.amount) || (body.amount as number) < 100 || typeof body.currency !== 'string') {
        return send(res, 400, error('amount must be an integer of at least 100 and currency is required'));
      }
      const order: FakeOrder = {
        id: `order_${randomBytes(7).toString('hex')}`,
        amount: body.amount as number,
        currency: body.currency,
        receipt: String(body.receipt ?? ''),
        status: 'created',
        notes: (body.notes as Record<string, string>) ?? {},
      };
      orders.set(order.id, order);
      return send(res, 200, { ...order, entity: 'order', amount_paid: 0, amount_due: order.amount });
    }
    const match = /^\/v1\/(orders|payments)\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && match) {
      const found = match[1] === 'orders' ? orders.get(match[2]) : payments.get(match[2]);
      return found ? send(res, 200, { ...found, entity: match[1].slice(0, -1) }) : send(res, 404, error('The id provided does not exist'));
    }
    send(res, 404, error('no such route'));
  };
  // Node ignores the handler's promise: a throw (a body that is not JSON) answers 500 instead
  // of surfacing as an unhandled rejection.
  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => send(res, 500, error(e instanceof Error ? e.message : String(e))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    payments,
    requests,
    /** The PAYMENT_* settings that point the service at this provider. */
    env: { PAYMENT_PROVIDER_URL: url, PAYMENT_KEY_ID: keyId, PAYMENT_KEY_SECRET: keySecret, PAYMENT_WEBHOOK_SECRET: webhookSecret },
    /** The checkout: a payment of the order (captured unless told otherwise) and its signature. */
    pay(orderId: string, input: { status?: FakePayment['status']; amount?: number } = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`unknown order ${orderId}`);
      const payment: FakePayment = {
        id: `pay_${randomBytes(7).toString('hex')}`,
        order_id: orderId,
        amount: input.amount ?? order.amount,
        currency: order.currency,
        status: input.status ?? 'captured',
      };
      payments.set(payment.id, payment);
      if (payment.status === 'captured') order.status = 'paid';
      const signature = createHmac('sha256', keySecret).update(`${orderId}|${payment.id}`).digest('hex');
      return { paymentId: payment.id, signature };
    },
    /** Signs a webhook body as the provider does: hex HMAC-SHA256 of the raw bytes. */
    signWebhook(body: string, secret = webhookSecret) {
      return createHmac('sha256', secret).update(body).digest('hex');
    },
    /** The next `n` requests answer 503, as an overloaded provider would. */
    failNextRequests(n: number) {
      failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PaymentProvider = Awaited<ReturnType<typeof startPaymentProvider>>;
