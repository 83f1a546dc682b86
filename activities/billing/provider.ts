import { ApplicationFailure } from '@temporalio/activity';
import { BILLING_FAILURES } from '../../contracts/index.ts';
import type { ProviderPayment } from '../../contracts/index.ts';
import type { Config } from '../../platform/config.ts';

/** Credentials of the Razorpay-style payment provider (platform/config.ts PAYMENT_*). */
export interface PaymentSettings {
  url: string;
  keyId: string;
  keySecret: string;
}

/** The provider settings when all three are configured; billing answers 503 otherwise. */
export function paymentSettings(config: Config): PaymentSettings | undefined {
  const { PAYMENT_PROVIDER_URL: url, PAYMENT_KEY_ID: keyId, PAYMENT_KEY_SECRET: keySecret } = config;
  return url && keyId && keySecret ? { url: url.replace(/\/+$/, ''), keyId, keySecret } : undefined;
}

const REQUEST_TIMEOUT_MS = 8_000;

/**
 * One call to the provider. 4xx (except 429) is a business rejection: non-retryable. 5xx,
 * 429 and network faults are transient: a plain error, so Temporal retries the activity.
 */
async function call(settings: PaymentSettings, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> {
  const auth = Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64');
  const response = await fetch(`${settings.url}${path}`, {
    method,
    headers: { authorization: `Basic ${auth}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  if (response.status >= 500 || response.status === 429) throw new Error(`payment provider ${method} ${path}: HTTP ${response.status}`);
  if (!response.ok) {
    throw ApplicationFailure.nonRetryable(`payment provider refused ${method} ${path}: HTTP ${response.status} ${text.slice(0, 200)}`, BILLING_FAILURES.providerRejected);
  }
  return JSON.parse(text) as Record<string, unknown>;
}

export async function createProviderOrder(
  settings: PaymentSettings,
  input: { amount: number; currency: string; receipt: string; notes: Record<string, string> },
): Promise<{ id: string; amount: number; currency: string }> {
  const order = await call(settings, 'POST', '/v1/orders', input);
  if (typeof order.id !== 'string') throw new Error('payment provider answered an order without an id');
  return { id: order.id, amount: Number(order.amount), currency: String(order.currency) };
}

export async function fetchProviderPayment(settings: PaymentSettings, paymentId: string): Promise<ProviderPayment> {
  const payment = await call(settings, 'GET', `/v1/payments/${encodeURIComponent(paymentId)}`);
  return {
    id: String(payment.id),
    orderId: String(payment.order_id),
    amount: Number(payment.amount),
    currency: String(payment.currency),
    status: String(payment.status),
  };
}
