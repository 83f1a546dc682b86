import { proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { WEBHOOK_RETRY, WEBHOOK_TIMEOUT_MS } from '../contracts/index.ts';
import type { WebhookDeliveryInput } from '../contracts/index.ts';

/**
 * Exponential backoff is the activity retry policy itself (DESIGN.md 3); see WEBHOOK_RETRY
 * for the schedule. A local activity: the first attempt goes out from the worker that took
 * the workflow task, without another trip through the task queue (event-to-receiver
 * latency). Only the first retry waits inside the worker: from the second wait on (2 s)
 * the backoff is a durable timer. While a local activity backs off, its workflow task stays
 * open and a worker cannot finish shutting down: with waits up to a minute held locally, a
 * dead receiver kept the worker alive long past SIGTERM (issue 18). Timers also survive
 * worker restarts like any other.
 */
const delivery = proxyLocalActivities<Activities>({
  startToCloseTimeout: WEBHOOK_TIMEOUT_MS + 5_000,
  localRetryThreshold: WEBHOOK_RETRY.initialIntervalMs * WEBHOOK_RETRY.backoffCoefficient,
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
