import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { WEBHOOK_TIMEOUT_MS } from '../../contracts/index.ts';
import type { WebhookDeliveryInput } from '../../contracts/index.ts';
import { findWebhook, recordAttempt } from '../../db/webhooks/webhooks.ts';
import type { ExecutionDeps } from '../execution/deps.ts';
import { guardedLookup, isPrivateAddress } from '../../domain/target-policy.ts';

/** `sha256=<hex HMAC-SHA256 of the raw body>` (spec, Webhook signatures). */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** POSTs the body; resolves with the status code, rejects on network faults and the time limit. */
function post(url: URL, body: string, headers: Record<string, string>, allowPrivate: boolean, signal: AbortSignal): Promise<number> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) && isPrivateAddress(host)) return Promise.reject(new Error(`refused private address ${host}`));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        signal: AbortSignal.any([signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
        ...(allowPrivate ? {} : { lookup: guardedLookup }),
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
 * One delivery attempt of one event to one subscription. A 2xx within 10 s is success;
 * anything else is a plain error, so the activity retry policy backs off and tries again
 * with the same body, id and signature. Each failure counts once in failed_attempts.
 */
export function createDeliverWebhook(deps: ExecutionDeps) {
  return async function deliverWebhook(input: WebhookDeliveryInput): Promise<{ status: 'delivered' | 'skipped'; statusCode?: number }> {
    const ctx = Context.current();
    const hook = await findWebhook(deps.db, input.webhookId);
    // Deleted or switched off since the event: nothing to deliver, nothing to retry.
    if (!hook || hook.status !== 'active') return { status: 'skipped' };
    const attempt = ctx.info.attempt;
    const base = { deliveryId: input.deliveryId, attempt, webhookId: hook.id, eventId: input.eventId };
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
    try {
      statusCode = await post(new URL(hook.url), input.body, headers, deps.allowPrivateWebhookTargets, ctx.cancellationSignal);
      if (statusCode < 200 || statusCode >= 300) error = `receiver answered ${statusCode}`;
    } catch (err) {
      error = (err as Error).name === 'TimeoutError' ? `no answer within ${WEBHOOK_TIMEOUT_MS} ms` : (err as Error).message;
    }
    const durationMs = Math.round(performance.now() - started);
    await recordAttempt(deps.db, { ...base, ok: !error, statusCode, error, durationMs });
    if (!error) return { status: 'delivered', statusCode };
    if (error.startsWith('refused private address')) {
      throw ApplicationFailure.create({ type: 'TARGET_REFUSED', message: error, nonRetryable: true });
    }
    throw new Error(`delivery of event ${input.eventId} failed: ${error}`);
  };
}
