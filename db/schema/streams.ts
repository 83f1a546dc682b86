import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * One row per open job stream (GET /jobs/{id}/stream), so the per-user cap on open streams
 * counts the streams of every API replica. A replica renews its rows' `expires_at` while
 * they are open and deletes them when they close; rows of a replica that died expire on
 * their own, so a crash frees its slots within one lease time (decisions.md, "Job streams").
 */
export const jobStreamLeases = pgTable(
  'job_stream_leases',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('job_stream_leases_user_idx').on(t.userId, t.expiresAt)],
);

export type JobStreamLeaseRow = typeof jobStreamLeases.$inferSelect;
