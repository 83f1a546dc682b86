import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A user's webhook subscription. The secret must be readable to sign deliveries, so it is
 * stored as is (like any other signing key) and returned by the API only at creation.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').notNull().$type<string[]>(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
    secret: text('secret').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lastUsed: timestamp('last_used', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_user_idx').on(t.userId)],
);

/**
 * Each delivery attempt, keyed by delivery (workflow) id and attempt number: a retried
 * activity finds its row and does not count the same failure twice.
 */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    deliveryId: text('delivery_id').notNull(),
    attempt: integer('attempt').notNull(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    ok: boolean('ok').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.attempt] }), index('webhook_attempts_webhook_idx').on(t.webhookId, t.createdAt)],
);

/** Where a delivery stands (the delivery log's `status`). */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'retrying'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One event to one subscription: the delivery log's row. Written when the event is published
 * (pending) and by every attempt in the same transaction as the attempt's row, so the log
 * says `retrying` with its `next_attempt_at` while the workflow waits out a backoff, and
 * stays right across a worker crash (the workflow, and with it the next write, survives).
 * `key` is the delivery's first workflow id, which its attempts are keyed by.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    event: text('event').notNull(),
    /** The exact bytes every attempt sends, redeliveries included. */
    body: text('body').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Redeliveries asked for so far: the n-th runs as workflow `<key>-redelivery-<n>`. */
    redeliveries: integer('redeliveries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_key_idx').on(t.key),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
  ],
);

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
