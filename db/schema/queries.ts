import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Score breakdown of one retrieved tool, as stored in a query event. */
export interface StoredScore {
  score: number;
  semantic_score: number;
  capability_score: number;
  success_rate: number;
}

/**
 * One authenticated GET /v2/retrieve_tools (spec "Query event"); the id is the `query_id`
 * the retrieval answered. Written fire-and-forget: a failed insert never fails the search.
 */
export const queryEvents = pgTable(
  'query_events',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    source: text('source', { enum: ['api', 'mcp', 'dashboard'] }).notNull().default('api'),
    /** Tool names the agent went on to pick (POST /tools/selection-log with this query_id). */
    selectedTools: jsonb('selected_tools').notNull().$type<string[]>().default([]),
    scores: jsonb('scores').notNull().$type<Record<string, StoredScore>>().default({}),
    retrievedTools: jsonb('retrieved_tools').notNull().$type<Record<string, unknown>[]>().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('query_events_user_created_idx').on(t.userId, t.createdAt)],
);

/** POST /query/log: a query an agent ran elsewhere (e.g. client-side), kept for analytics. */
export const queryLogs = pgTable(
  'query_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    source: text('source').notNull().default('api'),
    resultsCount: integer('results_count'),
    metadata: jsonb('metadata').notNull().$type<Record<string, unknown>>().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('query_logs_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * POST /tools/selection-log: an agent picked or rejected a retrieved tool. Ranking reads the
 * counts per tool as feedback (api/services/retrieval/feedback.ts).
 */
export const toolSelections = pgTable(
  'tool_selections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    queryId: uuid('query_id'),
    query: text('query'),
    toolName: text('tool_name').notNull(),
    server: text('server'),
    action: text('action', { enum: ['selected', 'rejected'] }).notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tool_selections_tool_idx').on(t.server, t.toolName)],
);

export type QueryEventRow = typeof queryEvents.$inferSelect;
