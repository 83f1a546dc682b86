import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { webhooks } from '../schema/index.ts';
import type { WebhookRow } from '../schema/index.ts';

/**
 * Inserts the subscription unless its user holds `limit` already (null: no limit); undefined
 * with the count when refused. An advisory lock per user serialises the count and the insert,
 * so two replicas creating at once cannot both take the last place.
 */
export async function insertWebhookWithin(
  db: Database,
  values: typeof webhooks.$inferInsert,
  limit: number | null,
): Promise<{ row: WebhookRow; current: number } | { row: undefined; current: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${values.userId}`}))`);
    const [held] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.userId, values.userId));
    const current = held?.n ?? 0;
    if (limit !== null && current >= limit) return { row: undefined, current };
    const [row] = await tx.insert(webhooks).values(values).returning();
    return { row: row as WebhookRow, current };
  });
}

export function listWebhooks(db: Database, userId: string): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(eq(webhooks.userId, userId)).orderBy(desc(webhooks.createdAt));
}

export async function findWebhook(db: Database, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return row;
}

/** The subscription if it is this user's: another user's is as unknown as a missing one. */
export async function findUserWebhook(db: Database, userId: string, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)));
  return row;
}

export async function updateWebhook(
  db: Database,
  userId: string,
  id: string,
  changes: Partial<Pick<WebhookRow, 'url' | 'events' | 'description' | 'secret'>>,
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
