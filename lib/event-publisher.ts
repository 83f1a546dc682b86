import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { runSearchAttributes, WEBHOOK_DELIVERY_WORKFLOW } from '../contracts/index.ts';
import type { WebhookDeliveryInput } from '../contracts/index.ts';
import type { Database } from '../db/client.ts';
import type { EventKind, EventRecord } from '../db/events.ts';
import { storeEvents } from '../db/webhooks/event-rows.ts';
import { subscribersOf } from '../db/webhooks/webhooks.ts';

export interface PublishInput {
  id?: string;
  kind: EventKind;
  userId: string | null;
  data: Record<string, unknown>;
}

export interface EventPublisher {
  /** Stores the event, then starts one delivery workflow per matching webhook. Idempotent when `id` is given. */
  publish(input: PublishInput): Promise<EventRecord>;
  /** The same for several events at once (one insert). */
  publishMany(inputs: PublishInput[]): Promise<EventRecord[]>;
}

/** Where delivery workflows are started; without it events are only recorded. */
export interface DeliveryTarget {
  client: Client;
  taskQueue: string;
}

/** The webhook payload of the spec (Events → Payload): built once, sent as these exact bytes on every attempt. */
export function webhookBody(event: EventRecord): string {
  return JSON.stringify({
    id: event.id,
    event: event.kind,
    timestamp: new Date(event.createdAt).toISOString(),
    api_version: 'v1',
    data: event.data,
  });
}

export function createEventPublisher(db: Database, delivery?: DeliveryTarget): EventPublisher {
  async function deliver(event: EventRecord): Promise<void> {
    if (!delivery || !event.userId) return;
    const subscribers = await subscribersOf(db, event.userId, event.kind);
    if (!subscribers.length) return;
    const body = webhookBody(event);
    await Promise.all(
      subscribers.map(async ({ id: webhookId }) => {
        const input: WebhookDeliveryInput = { deliveryId: `webhook-${webhookId}-${event.id}`, webhookId, eventId: event.id, body };
        try {
          await delivery.client.workflow.start(WEBHOOK_DELIVERY_WORKFLOW, {
            workflowId: input.deliveryId,
            taskQueue: delivery.taskQueue,
            args: [input],
            // One delivery per (subscription, event), even when a publisher is retried.
            workflowIdReusePolicy: 'REJECT_DUPLICATE',
            typedSearchAttributes: runSearchAttributes({ user: event.userId }),
          });
        } catch (error) {
          if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
        }
      }),
    );
  }

  return {
    async publish(input) {
      const [event] = await storeEvents(db, [input]);
      await deliver(event as EventRecord);
      return event as EventRecord;
    },
    async publishMany(inputs) {
      const stored = await storeEvents(db, inputs);
      await Promise.all(stored.map(deliver));
      return stored;
    },
  };
}
