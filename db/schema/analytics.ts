import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Product analytics: POST /mcp-analytics/analytics/track (origin "track"), POST /usage/event
 * ("usage") and free-tool runs ("free_tools"). server_name is not a foreign key: events
 * outlive the servers they mention.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    origin: text('origin', { enum: ['track', 'usage', 'free_tools'] }).notNull(),
    eventType: text('event_type').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    serverName: text('server_name'),
    toolName: text('tool_name'),
    query: text('query'),
    sessionId: text('session_id'),
    metadata: jsonb('metadata').notNull().$type<Record<string, unknown>>().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_events_server_idx').on(t.serverName, t.createdAt),
    index('analytics_events_type_idx').on(t.eventType, t.createdAt),
  ],
);

/** POST /observability/tool-logs: client-reported tool calls; a client-given id makes re-sent batches idempotent. */
export const toolLogs = pgTable(
  'tool_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toolName: text('tool_name').notNull(),
    serverName: text('server_name'),
    status: text('status', { enum: ['success', 'error', 'timeout'] }).notNull(),
    durationMs: integer('duration_ms'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    metadata: jsonb('metadata').notNull().$type<Record<string, unknown>>().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tool_logs_tool_idx').on(t.toolName, t.occurredAt), index('tool_logs_user_idx').on(t.userId, t.occurredAt)],
);

/** POST /free-tools/install: which anonymous client (user_identifier) installed which free tool. */
export const freeToolInstalls = pgTable(
  'free_tool_installs',
  {
    userIdentifier: text('user_identifier').notNull(),
    toolSlug: text('tool_slug').notNull(),
    installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userIdentifier, t.toolSlug] })],
);
