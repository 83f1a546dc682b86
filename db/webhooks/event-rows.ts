import { and, eq, sql } from 'drizzle-orm';
import { events, webhooks } from '../schema/index.ts';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Database } from '../client.ts';
import type { EventKind, EventRecord } from '../events.ts';
import { rawRows } from '../jobs/raw-rows.ts';

export interface EventInput {
  id?: string;
  kind: EventKind;
  userId: string | null;
  data: Record<string, unknown>;
  /**
   * A key of `data` set to the statement's transaction time in unix seconds: the time a row
   * written alongside gets from its `now()` default (job.queued's `created_at`), known only there.
   */
  nowAs?: string;
}

/** An active webhook of one of the events' owners, with the event kinds it wants. */
export interface Subscription {
  id: string;
  userId: string;
  events: string[];
}

/**
 * Stores events and returns each as stored, with the active subscriptions of `subscribersOf`
 * and, optionally, more writes of the caller's (`alongside`: data-modifying statements such as
 * a run's history row or a job's final state), in ONE statement: one round trip and one commit where they
 * were three and two (docs/decisions.md, "Overhead per run"). All or nothing, like any
 * statement; the subscriptions come from the statement's snapshot, as from a read started at
 * the same time. An event whose id exists already comes back with its first timestamp, so a
 * retried publisher rebuilds byte-identical payloads. `extra`: more columns of the caller's,
 * returned by name, given the `alongside` writes as names to select their `returning` from
 * (what only those writes know, such as a row's defaults).
 */
export async function storeEvents(
  db: Database,
  input: EventInput[],
  options: { subscribersOf: string[]; alongside?: SQLWrapper[]; extra?: (written: SQL[]) => Record<string, SQL> },
): Promise<{ stored: EventRecord[]; subscriptions: Subscription[]; extra: Record<string, unknown> }> {
  const data = (e: EventInput) =>
    e.nowAs === undefined ? sql`${JSON.stringify(e.data)}::jsonb` : sql`(${JSON.stringify(e.data)}::jsonb || jsonb_build_object(${e.nowAs}::text, floor(extract(epoch from now()))::bigint))`;
  const values = input.map((e) => sql`(${e.id === undefined ? sql`default` : sql`${e.id}::uuid`}, ${e.kind}, ${e.userId}::uuid, ${data(e)})`);
  const owners = options.subscribersOf;
  const parts: SQL[] = [];
  // Each its own CTE: Postgres runs every data-modifying one, referenced or not.
  const written = (options.alongside ?? []).map((write, i) => {
    const name = sql.raw(`alongside${i}`);
    parts.push(sql`${name} as (${write.getSQL()})`);
    return name;
  });
  if (values.length) {
    // The no-op update, as in storeEvents, returns an existing event with its first timestamp.
    parts.push(sql`stored as (insert into events (id, kind, user_id, data) values ${sql.join(values, sql`, `)}
      on conflict (id) do update set kind = events.kind returning id, kind, user_id, data, created_at)`);
  }
  const storedList = values.length
    ? sql`(select coalesce(json_agg(json_build_object('id', id, 'kind', kind, 'userId', user_id, 'data', data, 'createdAt', created_at)), '[]') from stored)`
    : sql`'[]'::json`;
  const subscriptionList = owners.length
    ? sql`(select coalesce(json_agg(json_build_object('id', id, 'userId', user_id, 'events', events)), '[]') from webhooks
         where user_id in (${sql.join(
           owners.map((o) => sql`${o}::uuid`),
           sql`, `,
         )}) and status = 'active')`
    : sql`'[]'::json`;
  const head = parts.length ? sql`with ${sql.join(parts, sql`, `)} ` : sql``;
  const extraSql = options.extra?.(written) ?? {};
  const extraColumns = Object.entries(extraSql).map(([name, value]) => sql`, ${value} as ${sql.identifier(name)}`);
  const [row] = await rawRows<{ stored: Array<Omit<EventRecord, 'createdAt'> & { createdAt: string }>; subscriptions: Subscription[] } & Record<string, unknown>>(
    db,
    sql`${head}select ${storedList} as stored, ${subscriptionList} as subscriptions${sql.join(extraColumns, sql``)}`,
  );
  const stored = (row?.stored ?? []).map((e) => ({ ...e, createdAt: new Date(e.createdAt) }));
  const extra = Object.fromEntries(Object.keys(extraSql).map((name) => [name, row?.[name]]));
  return { stored, subscriptions: row?.subscriptions ?? [], extra };
}

/** A stored event and its owner's active subscriptions now (the fan-out's read); undefined when the event is gone. */
export async function eventWithSubscriptions(db: Database, eventId: string): Promise<{ event: EventRecord; subscriptions: Subscription[] } | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, eventId));
  if (!row?.userId) return undefined;
  const subscriptions = await db
    .select({ id: webhooks.id, userId: webhooks.userId, events: webhooks.events })
    .from(webhooks)
    .where(and(eq(webhooks.userId, row.userId), eq(webhooks.status, 'active')));
  return { event: { ...row, kind: row.kind as EventKind }, subscriptions };
}
