
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The plans, cheapest first: the one list every schema, route and table of the service derives from. */
export const PLAN_IDS = ['free', 'pro', 'enterprise'] as const;
export const ROLES = ['admin', 'user'] as const;

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  role: text('role', { enum: ROLES }).notNull().default('user'),
  plan: text('plan', { enum: PLAN_IDS }).notNull().default('free'),
  /**
   * Session tokens carry the epoch they were issued in (`sv`); POST /auth/logout bumps it and
   * every older token is refused (the revocation list, as one number per user).
   */
  sessionEpoch: integer('session_epoch').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Keys are stored as a SHA-256 hash; the prefix is the non-secret handle used to find and revoke one. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull().unique(),
    hash: text('hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
export type Plan = User['plan'];
export type Role = User['role'];

