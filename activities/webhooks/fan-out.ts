import type { WebhookFanOutInput } from '../../contracts/index.ts';
import type { ExecutionDeps } from '../execution/deps.ts';

/** webhookFanOutWorkflow's activity: the deliveries of one stored event, through the worker's publisher. Idempotent. */
export function createFanOutWebhookEvent(deps: Pick<ExecutionDeps, 'events'>) {
  return async (input: WebhookFanOutInput): Promise<number> => deps.events.fanOut(input.eventId);
}
