import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Database } from '../client.ts';
import { jobs } from '../schema/index.ts';
import { prepared } from '../prepared.ts';
import { storableText } from './storable.ts';
import type { JobRow, JobStatus } from '../schema/index.ts';

/** Writes a queued job; a value may be an expression (the estimate of submitJob). */
export async function insertJob(db: Database, job: PgInsertValue<typeof jobs>): Promise<JobRow> {
  const [row] = await db.insert(jobs).values(job).returning();
  return row as JobRow;
}

/**
 * How many of the user's queued jobs come before (createdAt, id) in the queue's first-come order.
 * A job waiting for its owner's approval is not in line (it claims no slot until approved), so
 * it holds back no job behind it.
 */
const queuedAheadOf = (userId: SQL, createdAt: SQL, id: SQL) =>
  sql<number>`(select count(*)::int from jobs q where q.user_id = ${userId} and q.status = 'queued'
    and (q.created_at, q.id) < (${createdAt}, ${id})
    and not exists (select 1 from call_approvals a where a.run_id = q.id::text and a.status = 'pending'))`.mapWith(Number);

/**
 * The same for the current row of `jobs`. Qualified by hand: drizzle writes a statement's own
 * columns unqualified in places, which inside the subquery would mean `q`.
 */
export const queuedAhead = queuedAheadOf(sql`jobs.user_id`, sql`jobs.created_at`, sql`jobs.id`);

/** A submitted job: its estimate is an expression over past runs (typicalDurationMs). */
export interface QueuedJob {
  id: string;
  userId: string;
  tool: string;
  server: string;
  arguments: Record<string, unknown>;
  timeLimitMs: number;
  estimate: SQL<number>;
}

/**
 * A submit's insert, to run as the `alongside` of its job.queued event's statement (one
 * statement and one commit for both; storeEvents), with the `facts` that statement reads from
 * the insert's `returning` as extra columns: the row's time (its `now()` default, which is the
 * event's `created_at` through `nowAs`), its estimate, and its place in the queue from the
 * statement's snapshot (the jobs before it, not itself). `read` builds the row as the insert
 * leaves it from those facts, since the statement cannot return the row it writes beside others.
 */
export function queuedJobWrite(db: Database, job: QueuedJob) {
  const { estimate, ...values } = job;
  return {
    insert: db.insert(jobs).values({ ...values, estimatedDurationMs: estimate }).returning({ createdAt: jobs.createdAt, estimatedDurationMs: jobs.estimatedDurationMs }),
    facts: ([written]: SQL[]) => ({
      created_at: sql`(select to_json(created_at) from ${written})`,
      estimated_duration_ms: sql`(select estimated_duration_ms from ${written})`,
      ahead: queuedAheadOf(sql`${job.userId}::uuid`, sql`(select created_at from ${written})`, sql`${job.id}::uuid`),
    }),
    read(facts: Record<string, unknown>): { job: JobRow; position: number } {
      const row: JobRow = {
        ...values,
        status: 'queued',
        estimatedDurationMs: Number(facts.estimated_duration_ms),
        progress: null,
        result: null,
        error: null,
        executionTimeMs: null,
        cancelReason: null,
        version: 1,
        createdAt: new Date(facts.created_at as string),
        startedAt: null,
        completedAt: null,
        canceledAt: null,
        awaitingSlotSince: null,
      };
      return { job: row, position: Number(facts.ahead) + 1 };
    },
  };
}

/** Jobs still queued that were written before `before`, oldest first. */
export async function queuedBefore(db: Database, before: Date, limit: number): Promise<JobRow[]> {
  return db.select().from(jobs).where(and(eq(jobs.status, 'queued'), lt(jobs.createdAt, before))).orderBy(asc(jobs.createdAt)).limit(limit) as Promise<JobRow[]>;
}

export async function findJob(db: Database, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** The caller's job; another user's job is "not found" so ids cannot be probed. */
export async function findOwnJob(db: Database, userId: string, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(and(eq(jobs.id, id), eq(jobs.userId, userId)));
  return row;
}

export async function listOwnJobs(db: Database, userId: string, q: { limit: number; offset: number; status?: JobStatus }) {
  const where = q.status ? and(eq(jobs.userId, userId), eq(jobs.status, q.status)) : eq(jobs.userId, userId);
  const [rows, [total]] = await Promise.all([
    db.select().from(jobs).where(where).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(q.limit).offset(q.offset),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** 1-based place among the user's queued jobs (oldest first), or undefined when not queued. */
export async function queuePosition(db: Database, job: JobRow): Promise<number | undefined> {
  if (job.status !== 'queued') return undefined;
  // Every queued job's view reads it: prepared (db/prepared.ts).
  const query = prepared(db, 'queue_position', () =>
    db.select({ ahead: queuedAhead }).from(jobs).where(eq(jobs.id, sql.placeholder('id'))).prepare('queue_position'),
  );
  const [row] = await query.execute({ id: job.id });
  return (row?.ahead ?? 0) + 1;
}

/**
 * queued → canceled, only if still queued: the one place that decides a cancel/start race
 * (the slot claim takes the same row lock). Returns the row after the change, or undefined.
 */
export async function cancelIfQueued(db: Database, userId: string, id: string, reason: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'canceled', canceledAt: new Date(), completedAt: new Date(), cancelReason: storableText(reason), version: sql`${jobs.version} + 1` })
    .where(and(eq(jobs.id, id), eq(jobs.userId, userId), eq(jobs.status, 'queued')))
    .returning();
  return row;
}
