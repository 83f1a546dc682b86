import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Finding } from '../../domain/trust/poisoning.ts';
import type { ToolDefinition } from '../../domain/trust/tool-pin.ts';
import { mcpServers } from './registry.ts';

/**
 * The approved definition of each tool (issue 37, item 1): its canonical hash
 * (domain/trust/tool-pin.ts), the definition itself (restored when a change is rejected, the
 * "old" side of a hold's diff) and the server version it came from. A pin outlives its tool's
 * removal: a tool that comes back as it was is not new.
 */
export const toolPins = pgTable(
  'tool_pins',
  {
    serverName: text('server_name')
      .notNull()
      .references(() => mcpServers.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
    toolName: text('tool_name').notNull(),
    hash: text('hash').notNull(),
    definition: jsonb('definition').notNull().$type<ToolDefinition>(),
    version: text('version').notNull().default(''),
    /** `first-sighting` (pinned unreviewed when the server was new) or who approved it. */
    pinnedBy: text('pinned_by').notNull(),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serverName, t.toolName] })],
);

export const HOLD_STATUSES = ['pending', 'approved', 'rejected', 'superseded'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

/**
 * A definition kept out of ranking, listings and runs until someone decides (issue 37, item 1):
 * a changed definition, a new tool of a known server, or one the scanner flagged. At most one
 * pending hold per tool; a newer listing of another definition supersedes it.
 */
export const toolHolds = pgTable(
  'tool_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serverName: text('server_name')
      .notNull()
      .references(() => mcpServers.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
    toolName: text('tool_name').notNull(),
    /** changed: it differs from its pin; new: a known server listed a tool it had not; first-sighting: a new server's tool the scanner flagged. */
    kind: text('kind', { enum: ['changed', 'new', 'first-sighting'] }).notNull(),
    status: text('status', { enum: HOLD_STATUSES }).notNull().default('pending'),
    previous: jsonb('previous').$type<ToolDefinition | null>(),
    previousHash: text('previous_hash'),
    proposed: jsonb('proposed').notNull().$type<ToolDefinition>(),
    proposedHash: text('proposed_hash').notNull(),
    findings: jsonb('findings').notNull().$type<Finding[]>().default([]),
    version: text('version').notNull().default(''),
    /** What read the listing: sync (catalog, upstream) or refresh (a live tools/list). */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
  },
  (t) => [
    uniqueIndex('tool_holds_pending_idx')
      .on(t.serverName, t.toolName)
      .where(sql`status = 'pending'`),
    index('tool_holds_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Who did what (issue 37, item 4): append-only, written by one function (db/audit/append.ts).
 * `details` never holds a secret value: the appender drops secret-named keys and callers pass
 * names, never values. Ids are a sequence, so a cursor is the last id seen.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorKind: text('actor_kind', { enum: ['user', 'admin', 'system'] }).notNull(),
    /** The user's id; null for the admin key and the system. */
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    requestId: text('request_id'),
    details: jsonb('details').notNull().$type<Record<string, unknown>>().default({}),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_action_idx').on(t.action, t.id), index('audit_log_actor_idx').on(t.actorId, t.id)],
);

export type ToolHoldRow = typeof toolHolds.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
