import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { webhookAttempts, webhooks } from '../schema/index.ts';
import type { WebhookRow } from '../schema/index.ts';

export async function insertWebhook(db: Database, values: typeof webhooks.$inferInsert): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(values).returning();
  return row as WebhookRow;
}

export function listWebhooks(db: Database, userId: string): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(eq(webhooks.userId, userId)).orderBy(desc(webhooks.createdAt));
}

export async function findWebhook(db: Database, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return row;
}

export async function updateWebhook(
  db: Database,
  userId: string,
  id: string,
  changes: Partial<Pick<WebhookRow, 'url' | 'events' | 'description'>>,
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
    .returning();
  return row;
}

export async function deleteWebhook(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.userId, userId))).returning({ id: webhooks.id });
  return rows.length > 0;
}

/** Active subscriptions of the given users, with the event kinds each asked for. */
export function activeSubscriptions(db: Database, userIds: string[]): Promise<Array<{ id: string; userId: string; events: string[] }>> {
  if (!userIds.length) return Promise.resolve([]);
  return db
    .select({ id: webhooks.id, userId: webhooks.userId, events: webhooks.events })
    .from(webhooks)
    .where(and(inArray(webhooks.userId, userIds), eq(webhooks.status, 'active')));
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
}

/**
 * Records one attempt and moves the subscription's counters: a failure adds one to
 * failed_attempts, a success sets last_used. Keyed by (delivery, attempt), so an activity
 * that is retried after writing does not count the same attempt twice.
 */
export async function recordAttempt(db: Database, attempt: AttemptRecord): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(webhookAttempts)
      .values({ ...attempt, statusCode: attempt.statusCode ?? null, error: attempt.error ?? null })
      .onConflictDoNothing()
      .returning({ attempt: webhookAttempts.attempt });
    if (!inserted.length) return;
    await tx
      .update(webhooks)
      .set(attempt.ok ? { lastUsed: new Date() } : { failedAttempts: sql`${webhooks.failedAttempts} + 1` })
      .where(eq(webhooks.id, attempt.webhookId));
  });
}
