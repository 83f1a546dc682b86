import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apiKeys, users } from './accounts.ts';

/**
 * Command-line device-code logins. Only a SHA-256 of the device code is stored: it is a
 * bearer secret until consumed. The short user code is what a person types or reads.
 */
export const deviceCodes = pgTable('device_codes', {
  codeHash: text('code_hash').primaryKey(),
  userCode: text('user_code').notNull().unique(),
  status: text('status', { enum: ['pending', 'approved', 'denied', 'consumed'] }).notNull().default('pending'),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  clientName: text('client_name'),
  /** The address POST /auth/cli/start came from, shown to the person approving (the client name is free text). */
  requesterIp: text('requester_ip'),
  /** The client asked for a long-lived, revocable API key on completion (a CLI's stored login). */
  keyRequested: boolean('key_requested').notNull().default(false),
  intervalSeconds: integer('interval_seconds').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  /**
   * The sign-in behind the approving credential: the session the poll hands out rests on it
   * (`auth_time`), so a device login cannot stretch a session past its absolute lifetime.
   */
  approverAuthAt: timestamp('approver_auth_at', { withTimezone: true }),
  /** The API key behind the approving credential: revoking it ends the session the poll hands out too. */
  approverKeyId: uuid('approver_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type DeviceCodeRow = typeof deviceCodes.$inferSelect;
