import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { paymentOrders, users } from '../schema/index.ts';
import type { PaymentOrderRow, Plan } from '../schema/index.ts';

/** Records an order the provider created; keyed by its id, so a retried activity inserts once. */
export async function recordOrder(
  db: Database,
  order: { id: string; userId: string; planId: Exclude<Plan, 'free'>; amount: number; currency: string },
): Promise<void> {
  await db.insert(paymentOrders).values(order).onConflictDoNothing({ target: paymentOrders.id });
}

export async function findOrder(db: Database, id: string): Promise<PaymentOrderRow | undefined> {
  const rows = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id)).limit(1);
  return rows[0];
}

/**
 * Marks the order paid and moves its user to the order's plan, once: the conditional update
 * makes a second run (verify-payment after the webhook, or a retried activity) a no-op.
 */
export async function applyPaidOrder(db: Database, input: { orderId: string; paymentId: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [order] = await tx
      .update(paymentOrders)
      .set({ status: 'paid', paymentId: input.paymentId, paidAt: now, updatedAt: now })
      .where(and(eq(paymentOrders.id, input.orderId), ne(paymentOrders.status, 'paid')))
      .returning();
    if (!order) return false;
    await tx.update(users).set({ plan: order.planId, updatedAt: now }).where(eq(users.id, order.userId));
    return true;
  });
}

/** A failed payment marks an unpaid order failed; a paid order stays paid. */
export async function markOrderFailed(db: Database, orderId: string): Promise<void> {
  await db
    .update(paymentOrders)
    .set({ status: 'failed', updatedAt: new Date() })
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.status, 'created')));
}
