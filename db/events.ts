import type { Database } from './client.ts';
import { events } from './schema/index.ts';

export type EventKind =
  | 'job.queued'
  | 'job.started'
  | 'job.completed'
  | 'job.failed'
  | 'job.canceled'
  | 'tool.executed'
  | 'tool.execution.completed'
  | 'tool.execution.failed'
  | 'pack.enabled'
  | 'server.installed';

export interface EventRecord {
  id: string;
  kind: EventKind;
  userId: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
}

/**
 * Records a domain event. A caller that retries (an activity) passes its own id, so the
 * same event is never stored twice and every webhook retry carries that id.
 */
export async function recordEvent(
  db: Database,
  event: { id?: string; kind: EventKind; userId: string | null; data: Record<string, unknown> },
): Promise<EventRecord> {
  const [row] = await db
    .insert(events)
    .values({ id: event.id, kind: event.kind, userId: event.userId, data: event.data })
    .onConflictDoNothing({ target: events.id })
    .returning();
  return (row ?? { ...event, createdAt: new Date() }) as EventRecord;
}
