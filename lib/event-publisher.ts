import type { Database } from '../db/client.ts';
import { recordEvent } from '../db/events.ts';
import type { EventKind, EventRecord } from '../db/events.ts';

export interface PublishInput {
  id?: string;
  kind: EventKind;
  userId: string | null;
  data: Record<string, unknown>;
}

export interface EventPublisher {
  /** Stores the event, then hands it to delivery (webhooks). Idempotent when `id` is given. */
  publish(input: PublishInput): Promise<EventRecord>;
}

export function createEventPublisher(db: Database, deliver?: (event: EventRecord) => Promise<void>): EventPublisher {
  return {
    async publish(input) {
      const event = await recordEvent(db, input);
      if (deliver) await deliver(event);
      return event;
    },
  };
}
