import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PLAN_IDS, users } from './accounts.ts';

export const ORDER_STATUSES = ['created', 'paid', 'failed'] as const;

/** An order placed with the payment provider; the id is the provider's order id. */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id', { enum: PLAN_IDS }).notNull(),
    /** Smallest currency unit, as the provider counts it. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('created'),
    paymentId: text('payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_orders_user_idx').on(t.userId, t.createdAt)],
);

/** Inbound provider notifications, keyed by the provider's event id so redeliveries are no-ops. */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  id: text('id').primaryKey(),
  event: text('event').notNull(),
  orderId: text('order_id'),
  outcome: text('outcome').notNull(),
  payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
