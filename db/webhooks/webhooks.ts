import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { webhooks } from '../schema/index.ts';
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
