import { proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { WEBHOOK_RETRY, WEBHOOK_TIMEOUT_MS } from '../contracts/index.ts';
import type { WebhookDeliveryInput } from '../contracts/index.ts';

/**
 * Exponential backoff is the activity retry policy itself (DESIGN.md 3); see WEBHOOK_RETRY
 * for the schedule. A local activity: the first attempt goes out from the worker that took
 * the workflow task, without another trip through the task queue (event-to-receiver
 * latency); waits past a minute become durable timers, so a long retry schedule survives
 * worker restarts like any other.
 */
const delivery = proxyLocalActivities<Activities>({
  startToCloseTimeout: WEBHOOK_TIMEOUT_MS + 5_000,
  localRetryThreshold: '1 minute',
  retry: {
    initialInterval: WEBHOOK_RETRY.initialIntervalMs,
    backoffCoefficient: WEBHOOK_RETRY.backoffCoefficient,
    maximumInterval: WEBHOOK_RETRY.maximumIntervalMs,
    maximumAttempts: WEBHOOK_RETRY.maximumAttempts,
    nonRetryableErrorTypes: ['TARGET_REFUSED'],
  },
});

/** One event to one subscription (workflow id `webhook-<subscription>-<event>`). */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<{ status: string; statusCode?: number }> {
  return delivery.deliverWebhook(input);
}
