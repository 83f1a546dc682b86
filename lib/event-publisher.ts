import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { runSearchAttributes, WEBHOOK_DELIVERY_WORKFLOW, workflowArgs } from '../contracts/index.ts';
import type { WebhookDeliveryInput } from '../contracts/index.ts';
import type { Database } from '../db/client.ts';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { EventRecord } from '../db/events.ts';
import { storeEvents } from '../db/webhooks/event-rows.ts';
import type { EventInput, Subscription } from '../db/webhooks/event-rows.ts';
import { insertDeliveries } from '../db/webhooks/deliveries.ts';

export type PublishInput = EventInput;

/** Writes stored with the events or not at all, and more columns read by the same statement (storeEvents). */
export interface StageOptions {
  alongside?: SQLWrapper[];
  /** Extra columns of the statement, given the `alongside` writes to read their `returning` from. */
  extra?: (written: SQL[]) => Record<string, SQL>;
}

export interface EventPublisher {
  /** Stores the event, then starts one delivery workflow per matching webhook. Idempotent when `id` is given. */
  publish(input: PublishInput): Promise<EventRecord>;
  /**
   * The same for several events at once, in one statement with the subscriptions read and,
   * optionally, more writes of the caller's (`alongside`: stored with the events or not at all).
   */
  publishMany(inputs: PublishInput[], options?: { alongside?: SQLWrapper[] }): Promise<EventRecord[]>;
  /**
   * publishMany's statement run inside the caller's transaction `tx`; its `deliver` starts the
   * deliveries and is to be called once `tx` has committed (a delivery of an event that a
   * rollback took back would announce what never happened). A caller that may die between
   * the commit and `deliver` publishes the same events again (same ids) when it retries.
   */
  stage(tx: Database, inputs: PublishInput[], options?: StageOptions): Promise<{ stored: EventRecord[]; extra: Record<string, unknown>; deliver: () => Promise<void> }>;
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
  async function start(event: EventRecord, input: WebhookDeliveryInput): Promise<void> {
    if (!delivery) return;
    try {
      await delivery.client.workflow.start(WEBHOOK_DELIVERY_WORKFLOW, {
        workflowId: input.deliveryId,
        taskQueue: delivery.taskQueue,
        args: workflowArgs(WEBHOOK_DELIVERY_WORKFLOW, input),
        // One delivery per (subscription, event), even when a publisher is retried.
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        requestEagerStart: true,
        typedSearchAttributes: runSearchAttributes({ user: event.userId }),
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }

  /**
   * One delivery per matching (subscription, event). Its row in the delivery log is written
   * (pending) before its workflow starts, so the log shows it even before a worker takes it.
   */
  async function deliver(stored: EventRecord[], subscriptions: Subscription[]): Promise<void> {
    const runs = stored.flatMap((event) => {
      const matching = subscriptions.filter((s) => s.userId === event.userId && s.events.includes(event.kind));
      const body = webhookBody(event);
      return matching.map((s) => ({ event, input: { deliveryId: `webhook-${s.id}-${event.id}`, webhookId: s.id, eventId: event.id, body } }));
    });
    await insertDeliveries(
      db,
      runs.map(({ event, input }) => ({ key: input.deliveryId, webhookId: input.webhookId, eventId: input.eventId, event: event.kind, body: input.body })),
    );
    await Promise.all(runs.map(({ event, input }) => start(event, input)));
  }

  /** Stores the batch and looks up its owners' subscriptions, in one round trip (storeEvents), on `on`. */
  async function stage(on: Database, inputs: PublishInput[], options: StageOptions = {}) {
    const owners = delivery ? [...new Set(inputs.map((e) => e.userId).filter((u): u is string => u !== null))] : [];
    const { stored, subscriptions, extra } = await storeEvents(on, inputs, { subscribersOf: owners, ...options });
    return { stored, extra, deliver: async () => (subscriptions.length ? deliver(stored, subscriptions) : undefined) };
  }

  async function publishAll(inputs: PublishInput[], options: { alongside?: SQLWrapper[] } = {}): Promise<EventRecord[]> {
    const staged = await stage(db, inputs, options);
    await staged.deliver();
    return staged.stored;
  }

  return {
    async publish(input) {
      return (await publishAll([input]))[0] as EventRecord;
    },
    publishMany: publishAll,
    stage,
  };
}
