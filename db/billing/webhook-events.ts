import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { billingWebhookEvents } from '../schema/index.ts';

/** Claims an event id; false when it was already received (the provider redelivers). */
export async function claimWebhookEvent(
  db: Database,
  event: { id: string; event: string; orderId: string | null; payload: Record<string, unknown> },
): Promise<boolean> {
  const rows = await db
    .insert(billingWebhookEvents)
    .values({ ...event, outcome: 'received' })
    .onConflictDoNothing({ target: billingWebhookEvents.id })
    .returning({ id: billingWebhookEvents.id });
  return rows.length > 0;
}

export async function setWebhookOutcome(db: Database, id: string, outcome: string): Promise<void> {
  await db.update(billingWebhookEvents).set({ outcome }).where(eq(billingWebhookEvents.id, id));
}

/** Releases a claim when processing failed, so the provider's retry is processed again. */
export async function releaseWebhookEvent(db: Database, id: string): Promise<void> {
  await db.delete(billingWebhookEvents).where(eq(billingWebhookEvents.id, id));
}
