import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const CALL_DECISIONS = ['allow', 'ask', 'deny'] as const;
export type CallDecision = (typeof CALL_DECISIONS)[number];

/**
 * A user's policy for calls to one server (`tool_name` '') or one of its tools (issue 37,
 * item 3): a tool's row wins over its server's, which wins over the default by annotation
 * (domain/trust/call-policy.ts).
 */
export const callPolicies = pgTable(
  'call_policies',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverName: text('server_name').notNull(),
    /** '' for the whole server. */
    toolName: text('tool_name').notNull().default(''),
    decision: text('decision', { enum: CALL_DECISIONS }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.serverName, t.toolName] })],
);

export const APPROVAL_STATUSES = ['pending', 'approved', 'denied', 'expired'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * A call waiting for its owner's approval: the run (a job's workflow, or an agent run's step)
 * waits for a signal until `expires_at`. The row is the queue a person reads and the record of
 * the decision; the workflow's history is the wait itself.
 */
export const callApprovals = pgTable(
  'call_approvals',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverName: text('server_name').notNull(),
    toolName: text('tool_name').notNull(),
    /** Shown to the owner only (the person who asked for the call); never written to the audit log. */
    arguments: jsonb('arguments').notNull().$type<Record<string, unknown>>(),
    /** Why it waits: the annotation default or the user's policy. */
    reason: text('reason').notNull(),
    runKind: text('run_kind', { enum: ['job', 'agent'] }).notNull(),
    /** The workflow that waits: the job id, or the agent run's id. */
    runId: text('run_id').notNull(),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
  },
  (t) => [
    index('call_approvals_user_idx').on(t.userId, t.status, t.createdAt),
    index('call_approvals_pending_run_idx')
      .on(t.runId)
      .where(sql`status = 'pending'`),
  ],
);

export type CallPolicyRow = typeof callPolicies.$inferSelect;
export type CallApprovalRow = typeof callApprovals.$inferSelect;
