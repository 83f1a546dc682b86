import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { mcpServers } from './registry.ts';

export const FLAG_REASONS = ['spam', 'malicious', 'broken', 'misleading', 'inappropriate', 'other'] as const;
export const FLAG_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export const VERIFICATION_STATUSES = ['unverified', 'pending', 'verified', 'rejected'] as const;

/** A user's report that a registry server is harmful or broken; an admin resolves or dismisses it. */
export const serverFlags = pgTable(
  'server_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serverName: text('server_name')
      .notNull()
      .references(() => mcpServers.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: FLAG_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: FLAG_STATUSES }).notNull().default('open'),
    resolution: text('resolution'),
    /** A user id, or "admin-key" when the operator key resolved it. */
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One open flag per user and server: repeated reports of the same thing are not new evidence.
  (t) => [
    uniqueIndex('server_flags_open_uq').on(t.serverName, t.userId).where(sql`${t.status} = 'open'`),
    index('server_flags_server_idx').on(t.serverName, t.createdAt),
    index('server_flags_status_idx').on(t.status),
  ],
);

/** One review per user and server; a second POST replaces the first. */
export const serverReviews = pgTable(
  'server_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serverName: text('server_name')
      .notNull()
      .references(() => mcpServers.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    title: text('title').notNull().default(''),
    text: text('text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('server_reviews_user_uq').on(t.serverName, t.userId), index('server_reviews_server_idx').on(t.serverName, t.createdAt)],
);

/** Verification state of a server (absent row = unverified, not featured). */
export const serverVerifications = pgTable('server_verifications', {
  serverName: text('server_name')
    .primaryKey()
    .references(() => mcpServers.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
  status: text('status', { enum: VERIFICATION_STATUSES }).notNull().default('unverified'),
  featured: boolean('featured').notNull().default(false),
  notes: text('notes').notNull().default(''),
  updatedBy: text('updated_by'),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ServerFlagRow = typeof serverFlags.$inferSelect;
export type ServerReviewRow = typeof serverReviews.$inferSelect;
export type ServerVerificationRow = typeof serverVerifications.$inferSelect;
