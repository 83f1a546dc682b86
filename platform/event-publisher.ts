import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { runSearchAttributes, WEBHOOK_DELIVERY_WORKFLOW, WEBHOOK_FANOUT_WORKFLOW, workflowArgs } from '../contracts/index.ts';
import type { WebhookDeliveryInput } from '../contracts/index.ts';
import type { Database } from '../db/client.ts';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { EventRecord } from '../db/events.ts';
import { eventWithSubscriptions, storeEvents } from '../db/webhooks/event-rows.ts';
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
  /** Stores the event, then starts its deliveries (see `fanOut` of createEventPublisher). Idempotent when `id` is given. */
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
  /** The deliveries of one stored event to its owner's matching subscriptions now: webhookFanOutWorkflow's activity. Idempotent; answers how many. */
  fanOut(eventId: string): Promise<number>;
}

/**
 * Where delivery workflows are started; without it events are only recorded. `fanOut`:
 * `inline` (the worker's activities) writes the delivery rows and starts one delivery workflow
 * per matching subscription itself; `workflow` (the API, in the request) starts one
 * webhookFanOutWorkflow per event that has any, which does the same off the request path
 * (issue 33, item 7: a request's work must not grow with its user's subscriptions).
 */
export interface DeliveryTarget {
  client: Client;
  taskQueue: string;
  fanOut?: 'inline' | 'workflow';
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

const wants = (s: Subscription, event: EventRecord) => s.userId === event.userId && s.events.includes(event.kind);

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

  /** One fan-out workflow per event that any subscription wants; it delivers (fanOut below). */
  async function startFanOuts(stored: EventRecord[], subscriptions: Subscription[]): Promise<void> {
    if (!delivery) return;
    const owed = stored.filter((event) => subscriptions.some((s) => wants(s, event)));
    await Promise.all(
      owed.map(async (event) => {
        try {
          await delivery.client.workflow.start(WEBHOOK_FANOUT_WORKFLOW, {
            workflowId: `webhook-fanout-${event.id}`,
            taskQueue: delivery.taskQueue,
            args: workflowArgs(WEBHOOK_FANOUT_WORKFLOW, { eventId: event.id }),
            // One fan-out per event, even when a publisher is retried.
            workflowIdReusePolicy: 'REJECT_DUPLICATE',
            typedSearchAttributes: runSearchAttributes({ user: event.userId }),
          });
        } catch (error) {
          if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
        }
      }),
    );
  }

  /**
   * One delivery per matching (subscription, event). Its row in the delivery log is written
   * (pending) before its workflow starts, so the log shows it even before a worker takes it.
   */
  async function deliver(stored: EventRecord[], subscriptions: Subscription[]): Promise<number> {
    const runs = stored.flatMap((event) => {
      const matching = subscriptions.filter((s) => wants(s, event));
      const body = webhookBody(event);
      return matching.map((s) => ({ event, input: { deliveryId: `webhook-${s.id}-${event.id}`, webhookId: s.id, eventId: event.id, body } }));
    });
    await insertDeliveries(
      db,
      runs.map(({ event, input }) => ({ key: input.deliveryId, webhookId: input.webhookId, eventId: input.eventId, event: event.kind, body: input.body })),
    );
    await Promise.all(runs.map(({ event, input }) => start(event, input)));
    return runs.length;
  }

  /** Stores the batch and looks up its owners' subscriptions, in one round trip (storeEvents), on `on`. */
  async function stage(on: Database, inputs: PublishInput[], options: StageOptions = {}) {
    const owners = delivery ? [...new Set(inputs.map((e) => e.userId).filter((u): u is string => u !== null))] : [];
    const { stored, subscriptions, extra } = await storeEvents(on, inputs, { subscribersOf: owners, ...options });
    const send = delivery?.fanOut === 'workflow' ? startFanOuts : deliver;
    return { stored, extra, deliver: async () => void (subscriptions.length ? await send(stored, subscriptions) : undefined) };
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
    async fanOut(eventId) {
      const found = await eventWithSubscriptions(db, eventId);
      return found ? deliver([found.event], found.subscriptions) : 0;
    },
  };
}
