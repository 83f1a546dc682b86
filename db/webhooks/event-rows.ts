import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import type { EventKind, EventRecord } from '../events.ts';
import { events } from '../schema/index.ts';

/**
 * Stores events and returns each as stored. An event whose id exists already comes back
 * with its first timestamp, so a retried publisher rebuilds byte-identical payloads.
 */
export async function storeEvents(
  db: Database,
  input: Array<{ id?: string; kind: EventKind; userId: string | null; data: Record<string, unknown> }>,
): Promise<EventRecord[]> {
  if (!input.length) return [];
  const rows = await db
    .insert(events)
    .values(input.map((e) => ({ id: e.id, kind: e.kind, userId: e.userId, data: e.data })))
    // A no-op update makes RETURNING yield the existing row, which DO NOTHING would not.
    .onConflictDoUpdate({ target: events.id, set: { kind: sql`${events.kind}` } })
    .returning();
  return rows as EventRecord[];
}
