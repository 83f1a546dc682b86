import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Agent runs (decisions.md, "Agent runs"): the Postgres projection of agentRunWorkflow (the
 * workflow id is the run id). The API writes the row before the start; activities write the
 * transcript and the ending, idempotently. `version` grows with every write and is announced
 * on the channel agent_run_changes (migration trigger), which the run streams wait on.
 */
export const agentRuns = pgTable(
  'agent_runs',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    status: text('status', { enum: ['running', 'completed', 'failed', 'canceled'] }).notNull().default('running'),
    /** contracts/agent.ts AGENT_STOP_REASONS (db/ does not import contracts/). */
    stopReason: text('stop_reason', { enum: ['answered', 'step_limit', 'token_limit', 'time_limit', 'canceled', 'model_error', 'internal', 'approval_denied', 'approval_expired'] }),
    answer: text('answer'),
    error: jsonb('error').$type<{ code: string; message: string } | null>(),
    model: text('model').notNull(),
    maxSteps: integer('max_steps').notNull(),
    maxTokens: integer('max_tokens').notNull(),
    /** The tools offered to the model: function name, `server/tool`. */
    tools: jsonb('tools').notNull().$type<{ function: string; tool: string }[]>(),
    steps: integer('steps').notNull().default(0),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('agent_runs_user_created_idx').on(t.userId, t.createdAt), index('agent_runs_user_status_idx').on(t.userId, t.status)],
);

/** One transcript entry of a run (a model turn or a tool call), keyed by its place in the run. */
export const agentRunSteps = pgTable(
  'agent_run_steps',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => agentRuns.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** The step as the API shows it (contracts/agent.ts `agentStep`). */
    body: jsonb('body').notNull().$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
);

export type AgentRunRow = typeof agentRuns.$inferSelect;
