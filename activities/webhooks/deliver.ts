import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { WEBHOOK_RETRY, WEBHOOK_TIMEOUT_MS, webhookRetryDelayMs } from '../../contracts/index.ts';
import type { WebhookDeliveryInput } from '../../contracts/index.ts';
import { endDelivery, recordAttempt } from '../../db/webhooks/deliveries.ts';
import type { AttemptOutcome } from '../../db/webhooks/deliveries.ts';
import { findWebhook } from '../../db/webhooks/webhooks.ts';
import { recordWebhookAttempt } from '../../platform/telemetry/metrics.ts';
import type { ExecutionDeps } from '../execution/deps.ts';
import { TargetRefusedError, guardedConnectOptions } from '../../mcp/index.ts';

/** `sha256=<hex HMAC-SHA256 of the raw body>` (spec, Webhook signatures). */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * POSTs the body; resolves with the status code, rejects on network faults and the time limit.
 * The connection goes through the outbound guard (mcp/outbound-guard.ts): the address is
 * checked after DNS, at connect time; a redirect is never followed (the status is the answer).
 */
function post(url: URL, body: string, headers: Record<string, string>, allowPrivate: boolean, signal: AbortSignal): Promise<number> {
  let connect: ReturnType<typeof guardedConnectOptions>;
  try {
    connect = guardedConnectOptions(url, { allowPrivate });
  } catch (error) {
    return Promise.reject(error as Error);
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        signal: AbortSignal.any([signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
        ...connect,
      },
      (res) => {
        res.resume(); // the answer's body is not ours to read; drain it so the socket is freed
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Where the delivery stands after this attempt: delivered; failed when the policy will not
 * try again (a refused target, or the run's last attempt); otherwise retrying at the time the
 * retry policy waits until (an estimate: Temporal starts the retry, not this row).
 */
function standing(error: string | undefined, refused: boolean, runAttempt: number): Pick<AttemptOutcome, 'status' | 'nextAttemptAt'> {
  if (!error) return { status: 'delivered', nextAttemptAt: null };
  if (refused || runAttempt >= WEBHOOK_RETRY.maximumAttempts) return { status: 'failed', nextAttemptAt: null };
  return { status: 'retrying', nextAttemptAt: new Date(Date.now() + webhookRetryDelayMs(runAttempt)) };
}

/** The event kind, for a run whose delivery row is missing: the body is our own payload. */
function eventKind(body: string): string {
  return String((JSON.parse(body) as { event?: unknown }).event ?? '');
}

/**
 * One delivery attempt of one event to one subscription. A 2xx within 10 s is success;
 * anything else is a plain error, so the activity retry policy backs off and tries again
 * with the same body and id. Each attempt is signed with the subscription's secret as it is
 * then, so after a rotation the retries of a delivery in flight carry the new signature.
 * Each failure counts once in failed_attempts; the delivery log's row moves with every attempt.
 */
export function createDeliverWebhook(deps: ExecutionDeps) {
  return async function deliverWebhook(input: WebhookDeliveryInput): Promise<{ status: 'delivered' | 'skipped'; statusCode?: number }> {
    const ctx = Context.current();
    const hook = await findWebhook(deps.db, input.webhookId);
    // Deleted or switched off since the event: nothing to deliver, nothing to retry.
    if (!hook || hook.status !== 'active') {
      await endDelivery(deps.db, input.deliveryId, 'failed');
      return { status: 'skipped' };
    }
    const runAttempt = ctx.info.attempt;
    // Numbered across the delivery's runs: a redelivery's first attempt follows the last one logged.
    const attempt = (input.firstAttempt ?? 1) - 1 + runAttempt;
    const base = { deliveryId: input.deliveryId, attempt, webhookId: hook.id, eventId: input.eventId };
    const attemptedAt = new Date();
    const started = performance.now();
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'switchboard-webhooks/1',
      'x-service-signature': signature(hook.secret, input.body),
      'x-service-event-id': input.eventId,
      'x-service-delivery-attempt': String(attempt),
    };
    let statusCode: number | undefined;
    let error: string | undefined;
    let refused = false;
    try {
      statusCode = await post(new URL(hook.url), input.body, headers, deps.allowPrivateWebhookTargets, ctx.cancellationSignal);
      if (statusCode < 200 || statusCode >= 300) error = `receiver answered ${statusCode}`;
    } catch (err) {
      refused = err instanceof TargetRefusedError;
      error = (err as Error).name === 'TimeoutError' ? `no answer within ${WEBHOOK_TIMEOUT_MS} ms` : (err as Error).message;
    }
    const durationMs = Math.round(performance.now() - started);
    const delivery = { key: input.deliveryId, webhookId: hook.id, eventId: input.eventId, event: eventKind(input.body), body: input.body };
    const after = standing(error, refused, runAttempt);
    await recordAttempt(deps.db, { ...base, ok: !error, statusCode, error, durationMs, attemptedAt }, { ...after, delivery });
    recordWebhookAttempt(after.status, attempt);
    if (!error) return { status: 'delivered', statusCode };
    if (refused) {
      throw ApplicationFailure.create({ type: 'TARGET_REFUSED', message: error, nonRetryable: true });
    }
    throw new Error(`delivery of event ${input.eventId} failed: ${error}`);
  };
}
