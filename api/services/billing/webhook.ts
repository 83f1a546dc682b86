import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { findOrder, markOrderFailed } from '../../../db/billing/orders.ts';
import { claimWebhookEvent, releaseWebhookEvent, setWebhookOutcome } from '../../../db/billing/webhook-events.ts';
import { secretsEqual } from '../../../domain/api-key-format.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, invalidRequest, unauthorized } from '../../errors.ts';
import { startVerification } from './verify-payment.ts';

const entity = <T extends z.ZodRawShape>(shape: T) => z.object({ entity: z.object(shape) });

/** The Razorpay-style notification: only the fields we act on are required. */
const notification = z.object({
  id: z.string().min(1).max(200).optional(),
  event: z.string().min(1).max(100),
  payload: z
    .object({
      payment: entity({ id: z.string().min(1), order_id: z.string().min(1), status: z.string().optional() }).optional(),
      order: entity({ id: z.string().min(1), status: z.string().optional() }).optional(),
    })
    .default({}),
});

type Outcome = 'processing' | 'processed' | 'ignored';

/**
 * The signature check of POST /billing/webhook: hex HMAC-SHA256 of the raw body with the
 * webhook secret, compared in constant time. It runs before the body is parsed or validated,
 * so an unsigned caller learns nothing about what we expect; no signature is always 401.
 */
export function verifyWebhookSignature(deps: AppDeps, raw: string, signature: string | undefined): void {
  if (!signature) throw unauthorized('Missing payment webhook signature (X-Payment-Signature)');
  const secret = deps.config.PAYMENT_WEBHOOK_SECRET;
  if (!secret) throw new AppError('SERVICE_UNAVAILABLE', 'Billing webhooks are not configured on this service');
  const expected = createHmac('sha256', secret).update(raw).digest('hex');
  if (!secretsEqual(expected, signature.replace(/^sha256=/, '').toLowerCase())) throw unauthorized('Invalid payment webhook signature');
}

/** POST /billing/webhook after the signature check: the event id makes redeliveries no-ops. */
export async function handlePaymentWebhook(deps: AppDeps, raw: string, headers: { eventId?: string }) {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw invalidRequest('Request body is not valid JSON', 'body', 'invalid_json');
  }
  const parsed = notification.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidRequest(`Invalid body: ${issue?.path.join('.') || 'body'}: ${issue?.message}`, issue?.path.join('.') || 'body');
  }
  const body = parsed.data;
  const eventId = headers.eventId ?? body.id;
  if (!eventId) throw invalidRequest('The event id is missing (X-Payment-Event-Id header or body id)', 'id', 'required');
  const payment = body.payload.payment?.entity;
  const orderId = payment?.order_id ?? body.payload.order?.entity.id ?? null;

  if (!(await claimWebhookEvent(deps.db, { id: eventId, event: body.event, orderId, payload: json as Record<string, unknown> }))) {
    return { status: 'duplicate' as const, event_id: eventId, event: body.event };
  }
  try {
    const outcome = await act(deps, body.event, orderId, payment?.id);
    await setWebhookOutcome(deps.db, eventId, outcome);
    return { status: outcome, event_id: eventId, event: body.event };
  } catch (error) {
    await releaseWebhookEvent(deps.db, eventId);
    throw error;
  }
}

async function act(deps: AppDeps, event: string, orderId: string | null, paymentId: string | undefined): Promise<Outcome> {
  const order = orderId ? await findOrder(deps.db, orderId) : undefined;
  // Orders that are not ours (another integration on the same account) are acknowledged, not retried.
  if (!order) return 'ignored';
  if ((event === 'payment.captured' || event === 'order.paid') && paymentId) {
    // Answer quickly (spec, Delivery rules); the workflow does the provider round trip.
    await startVerification(deps, order, paymentId);
    return 'processing';
  }
  if (event === 'payment.failed') {
    await markOrderFailed(deps.db, order.id);
    return 'processed';
  }
  return 'ignored';
}
