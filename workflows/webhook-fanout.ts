import { proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { WebhookFanOutInput } from '../contracts/index.ts';

/**
 * A local activity, as the deliveries are: the fan-out is a few writes and workflow starts, and
 * going through the task queue again would add a round trip to every event's latency. Retried
 * until it succeeds within the hour (its writes and starts are idempotent): an event owed to
 * subscribers is not dropped for a transient fault.
 */
const fanOut = proxyLocalActivities<Activities>({
  startToCloseTimeout: '1 minute',
  scheduleToCloseTimeout: '1 hour',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/** One event to every matching subscription of its owner: one delivery workflow each (webhook-delivery.ts). */
export async function webhookFanOutWorkflow(input: WebhookFanOutInput): Promise<{ deliveries: number }> {
  return { deliveries: await fanOut.fanOutWebhookEvent(input) };
}
