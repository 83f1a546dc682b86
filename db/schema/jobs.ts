import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'canceled', 'timeout'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** The statuses a job never leaves: its stream ends, `completed_at` is set. */
export const FINAL_JOB_STATUSES = ['completed', 'failed', 'canceled', 'timeout'] as const satisfies readonly JobStatus[];
const FINAL: ReadonlySet<string> = new Set(FINAL_JOB_STATUSES);
export const isFinalJobStatus = (status: string): boolean => FINAL.has(status);

export interface JobProgress {
  current_step: string;
  total_steps: number;
  percentage: number;
}

export interface JobError {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

/**
 * The Postgres projection of job workflows (the workflow id is the job id). Temporal owns
 * the truth; activities write each transition here so GET /jobs can filter and page fast.
 * `version` grows on every write: it is the SSE event id of GET /jobs/{id}/stream.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tool: text('tool').notNull(),
    server: text('server').notNull(),
    arguments: jsonb('arguments').notNull().$type<Record<string, unknown>>(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    timeLimitMs: integer('time_limit_ms').notNull(),
    estimatedDurationMs: integer('estimated_duration_ms').notNull(),
    progress: jsonb('progress').$type<JobProgress | null>(),
    result: jsonb('result').$type<Record<string, unknown> | null>(),
    error: jsonb('error').$type<JobError | null>(),
    executionTimeMs: integer('execution_time_ms'),
    cancelReason: text('cancel_reason'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** Set when a claim found no free slot: only such jobs wait for a `slotFreed` signal. */
    awaitingSlotSince: timestamp('awaiting_slot_since', { withTimezone: true }),
  },
  (t) => [index('jobs_user_created_idx').on(t.userId, t.createdAt), index('jobs_user_status_idx').on(t.userId, t.status, t.createdAt)],
);

/**
 * One row per tool run (direct or job), keyed by the execution (workflow) id so a retried
 * activity writes it once. Retrieval reads success rates from here; jobs read durations.
 */
export const toolRuns = pgTable(
  'tool_runs',
  {
    executionId: text('execution_id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    server: text('server').notNull(),
    tool: text('tool').notNull(),
    mode: text('mode', { enum: ['direct', 'job'] }).notNull(),
    /** completed | failed | timeout | canceled */
    status: text('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tool_runs_tool_idx').on(t.server, t.tool, t.createdAt)],
);

export type JobRow = typeof jobs.$inferSelect;
export type ToolRunRow = typeof toolRuns.$inferSelect;
