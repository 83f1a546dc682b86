import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { runSearchAttributes, WEBHOOK_DELIVERY_WORKFLOW, workflowArgs } from '../../../contracts/index.ts';
import type { WebhookDeliveryRow } from '../../../db/schema/index.ts';
import { claimRedelivery, findDelivery, listDeliveries, nextAttemptNumber } from '../../../db/webhooks/deliveries.ts';
import type { DeliveryWithAttempts } from '../../../db/webhooks/deliveries.ts';
import { findUserWebhook } from '../../../db/webhooks/webhooks.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { unixSeconds } from '../../schemas.ts';

/** A delivery as the log shows it: its event, where it stands, every attempt in the order made. */
export function deliveryView(row: DeliveryWithAttempts) {
  return {
    id: row.id,
    event_id: row.eventId,
    event: row.event,
    status: row.status,
    created_at: unixSeconds(row.createdAt),
    next_attempt_at: row.status === 'retrying' && row.nextAttemptAt ? unixSeconds(row.nextAttemptAt) : null,
    attempts: row.attempts.map((a) => ({
      attempt: a.attempt,
      attempted_at: unixSeconds(a.createdAt),
      status_code: a.statusCode,
      duration_ms: a.durationMs,
      error: a.error,
    })),
  };
}

/** The user's subscription, or 404: another user's is not theirs to know about. */
async function ownWebhook(deps: AppDeps, userId: string, webhookId: string) {
  const hook = await findUserWebhook(deps.db, userId, webhookId);
  if (!hook) throw notFound('NOT_FOUND', `Webhook ${webhookId} not found`);
  return hook;
}

async function ownDelivery(deps: AppDeps, userId: string, webhookId: string, deliveryId: string) {
  await ownWebhook(deps, userId, webhookId);
  const row = await findDelivery(deps.db, webhookId, deliveryId);
  if (!row) throw notFound('NOT_FOUND', `Delivery ${deliveryId} of webhook ${webhookId} not found`);
  return row;
}

export async function listWebhookDeliveries(deps: AppDeps, userId: string, webhookId: string, page: { limit: number; offset: number }) {
  await ownWebhook(deps, userId, webhookId);
  const { rows, total } = await listDeliveries(deps.db, webhookId, page);
  return { deliveries: rows.map(deliveryView), pagination: { limit: page.limit, offset: page.offset, total } };
}

/** The workflow that carries the delivery's current run: its first, or its latest redelivery. */
const runId = (row: WebhookDeliveryRow) => (row.redeliveries === 0 ? row.key : `${row.key}-redelivery-${row.redeliveries}`);

const inFlight = (deliveryId: string) => new AppError('CONFLICT', `Delivery ${deliveryId} is still in flight; redeliver it once it is delivered or failed`);

/**
 * Starts the delivery's current run; false when it exists already. A failed run may start
 * again under its id (a run that died without recording its end leaves the row unfinished).
 */
async function startRun(deps: AppDeps, userId: string, row: WebhookDeliveryRow): Promise<boolean> {
  const input = {
    deliveryId: row.key,
    webhookId: row.webhookId,
    eventId: row.eventId,
    body: row.body,
    firstAttempt: await nextAttemptNumber(deps.db, row.key),
  };
  try {
    await deps.temporal.client.workflow.start(WEBHOOK_DELIVERY_WORKFLOW, {
      workflowId: runId(row),
      taskQueue: deps.temporal.taskQueue,
      args: workflowArgs(WEBHOOK_DELIVERY_WORKFLOW, input),
      workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
      typedSearchAttributes: runSearchAttributes({ user: userId }),
    });
    return true;
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw error;
  }
}

/**
 * Sends the delivery's event again, the same id and bytes, as a new attempt through a durable
 * delivery workflow of its own (with the whole retry schedule). A finished delivery (delivered
 * or failed) is taken back to pending first, so two redeliveries at once start one run. One in
 * flight is 409, unless its run never started (the process stopped between the row and the
 * start): then this starts it.
 */
export async function redeliver(deps: AppDeps, userId: string, webhookId: string, deliveryId: string) {
  const row = await ownDelivery(deps, userId, webhookId, deliveryId);
  if (row.status === 'delivered' || row.status === 'failed') {
    const claimed = await claimRedelivery(deps.db, row);
    if (!claimed) throw inFlight(deliveryId);
    await startRun(deps, userId, claimed);
  } else if (!(await startRun(deps, userId, row))) {
    throw inFlight(deliveryId);
  }
  return deliveryView((await findDelivery(deps.db, webhookId, deliveryId)) ?? row);
}
