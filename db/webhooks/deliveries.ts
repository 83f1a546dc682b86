import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { webhookAttempts, webhookDeliveries, webhooks } from '../schema/index.ts';
import type { DeliveryStatus, WebhookAttemptRow, WebhookDeliveryRow } from '../schema/index.ts';

/** What a delivery is made of when it is first written: by the publisher, or by an attempt that finds no row. */
export interface NewDelivery {
  key: string;
  webhookId: string;
  eventId: string;
  event: string;
  body: string;
}

/** Pending rows for deliveries about to start; one that exists already (a retried publisher) is left as it is. */
export async function insertDeliveries(db: Database, rows: NewDelivery[]): Promise<void> {
  if (!rows.length) return;
  await db.insert(webhookDeliveries).values(rows).onConflictDoNothing({ target: webhookDeliveries.key });
}

export interface AttemptRecord {
  deliveryId: string;
  attempt: number;
  webhookId: string;
  eventId: string;
  ok: boolean;
  statusCode?: number;
  error?: string;
  durationMs: number;
  /** When the request left (the attempt's `attempted_at`). */
  attemptedAt: Date;
}

/** Where the delivery stands after an attempt; `nextAttemptAt` only while `retrying`. */
export interface AttemptOutcome {
  status: Exclude<DeliveryStatus, 'pending'>;
  nextAttemptAt: Date | null;
  /** The delivery as the attempt knows it, for a run whose row is missing (started before the table existed). */
  delivery: NewDelivery;
}

/**
 * Records one attempt, the delivery's new standing and the subscription's counters in one
 * transaction: a failure adds one to failed_attempts, a success sets last_used. Attempts are
 * keyed by (delivery, attempt), so an activity retried after writing does not count the same
 * attempt twice; the delivery's standing is written again, which changes nothing.
 */
export async function recordAttempt(db: Database, attempt: AttemptRecord, outcome: AttemptOutcome): Promise<void> {
  await db.transaction(async (tx) => {
    const { attemptedAt, ...fields } = attempt;
    const inserted = await tx
      .insert(webhookAttempts)
      .values({ ...fields, statusCode: attempt.statusCode ?? null, error: attempt.error ?? null, createdAt: attemptedAt })
      .onConflictDoNothing()
      .returning({ attempt: webhookAttempts.attempt });
    const standing = { status: outcome.status, nextAttemptAt: outcome.nextAttemptAt, updatedAt: new Date() };
    await tx
      .insert(webhookDeliveries)
      .values({ ...outcome.delivery, ...standing })
      .onConflictDoUpdate({ target: webhookDeliveries.key, set: standing });
    if (!inserted.length) return;
    await tx
      .update(webhooks)
      .set(attempt.ok ? { lastUsed: new Date() } : { failedAttempts: sql`${webhooks.failedAttempts} + 1` })
      .where(eq(webhooks.id, attempt.webhookId));
  });
}

/** A delivery that ends without an attempt (its subscription was switched off meanwhile). */
export async function endDelivery(db: Database, key: string, status: 'failed'): Promise<void> {
  await db.update(webhookDeliveries).set({ status, nextAttemptAt: null, updatedAt: new Date() }).where(eq(webhookDeliveries.key, key));
}

export interface DeliveryWithAttempts extends WebhookDeliveryRow {
  attempts: WebhookAttemptRow[];
}

async function withAttempts(db: Database, rows: WebhookDeliveryRow[]): Promise<DeliveryWithAttempts[]> {
  if (!rows.length) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, rows.map((r) => r.key)))
    .orderBy(asc(webhookAttempts.attempt));
  return rows.map((row) => ({ ...row, attempts: attempts.filter((a) => a.deliveryId === row.key) }));
}

/** One page of a subscription's deliveries, newest first, each with its attempts in the order they were made. */
export async function listDeliveries(db: Database, webhookId: string, page: { limit: number; offset: number }): Promise<{ rows: DeliveryWithAttempts[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)),
  ]);
  return { rows: await withAttempts(db, rows), total: counted?.total ?? 0 };
}

/** A delivery of this subscription (another subscription's delivery is not found). */
export async function findDelivery(db: Database, webhookId: string, id: string): Promise<DeliveryWithAttempts | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.webhookId, webhookId)));
  return row ? (await withAttempts(db, [row]))[0] : undefined;
}

/**
 * Takes a finished delivery (delivered or failed) back to pending for its next redelivery.
 * Conditional on the standing that was read, so of two redeliveries asked at once one wins
 * and the other finds the delivery in flight. Undefined when it was not finished (any more).
 */
export async function claimRedelivery(db: Database, row: WebhookDeliveryRow): Promise<WebhookDeliveryRow | undefined> {
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: null, redeliveries: sql`${webhookDeliveries.redeliveries} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(webhookDeliveries.id, row.id),
        eq(webhookDeliveries.redeliveries, row.redeliveries),
        inArray(webhookDeliveries.status, ['delivered', 'failed']),
      ),
    )
    .returning();
  return claimed;
}

/** The number the delivery's next attempt gets: attempts continue across redeliveries. */
export async function nextAttemptNumber(db: Database, key: string): Promise<number> {
  const [row] = await db.select({ last: max(webhookAttempts.attempt) }).from(webhookAttempts).where(eq(webhookAttempts.deliveryId, key));
  return (row?.last ?? 0) + 1;
}
