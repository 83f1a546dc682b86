import { and, asc, count, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Database } from '../client.ts';
import { jobs, users } from '../schema/index.ts';
import { rawRows } from './raw-rows.ts';
import { storable, storableText } from './storable.ts';
import type { JobError, JobProgress, JobRow, JobStatus } from '../schema/index.ts';

/** Writes a queued job; a value may be an expression (the estimate of submitJob). */
export async function insertJob(db: Database, job: PgInsertValue<typeof jobs>): Promise<JobRow> {
  const [row] = await db.insert(jobs).values(job).returning();
  return row as JobRow;
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
  const [row] = await db
    .select({ n: count() })
    .from(jobs)
    .where(
      and(
        eq(jobs.userId, job.userId),
        eq(jobs.status, 'queued'),
        sql`(${jobs.createdAt}, ${jobs.id}) < (${job.createdAt.toISOString()}::timestamptz, ${job.id}::uuid)`,
      ),
    );
  return (row?.n ?? 0) + 1;
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

export type ClaimOutcome = { state: 'claimed'; job: JobRow } | { state: 'waiting' } | { state: 'gone'; status: JobStatus | 'missing' };

/**
 * Takes one of the user's concurrency slots for a queued job, first come first served:
 * a job runs when fewer than `limit` jobs run and fewer than the free slots are queued
 * ahead of it. An advisory lock per user serialises claims; re-claiming a running job is
 * a no-op success, so a retried activity is harmless.
 */
export async function claimSlot(db: Database, jobId: string, limitFor: (plan: string) => number): Promise<ClaimOutcome> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
    if (!job) return { state: 'gone', status: 'missing' } as const;
    if (job.status === 'running') return { state: 'claimed', job } as const;
    if (job.status === 'canceled') return { state: 'gone', status: job.status } as const;
    // A final state here means an operator reset the run: it queues and runs again.
    await lockUserSlots(tx as Database, job.userId);
    const [counts] = await rawRows<{ plan: string; running: number; ahead: number }>(tx as Database, sql`
      select
        (select plan from users where id = ${job.userId}) as plan,
        -- Running agent runs hold slots of the same plan (decisions.md, "Agent runs").
        (select count(*)::int from jobs where user_id = ${job.userId} and status = 'running')
          + (select count(*)::int from agent_runs where user_id = ${job.userId} and status = 'running') as running,
        (select count(*)::int from jobs where user_id = ${job.userId} and status = 'queued'
           and (created_at, id) < (${job.createdAt.toISOString()}::timestamptz, ${job.id}::uuid)) as ahead
    `);
    const free = limitFor(counts?.plan ?? 'free') - (counts?.running ?? 0);
    if ((counts?.ahead ?? 0) >= free) {
      // Not a visible change (no version bump): it only makes the job a candidate for a wake-up.
      await tx.update(jobs).set({ awaitingSlotSince: sql`coalesce(${jobs.awaitingSlotSince}, now())` }).where(eq(jobs.id, jobId));
      return { state: 'waiting' } as const;
    }
    const [claimed] = await tx
      .update(jobs)
      .set({ status: 'running', startedAt: new Date(), awaitingSlotSince: null, progress: null, result: null, error: null, version: sql`${jobs.version} + 1` })
      .where(eq(jobs.id, jobId))
      .returning();
    return { state: 'claimed', job: claimed as JobRow } as const;
  });
}

export async function setProgress(db: Database, id: string, progress: JobProgress): Promise<void> {
  await db
    .update(jobs)
    .set({ progress: storable(progress), version: sql`${jobs.version} + 1` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
}

export interface JobEnding {
  status: Exclude<JobStatus, 'queued' | 'running'>;
  result?: Record<string, unknown>;
  error?: JobError;
  executionTimeMs?: number;
  cancelReason?: string;
}

/**
 * Writes a final state. Written again with the same values when an activity retries. Result
 * and error are stored in their storable form (storable.ts), so no answer fails the write.
 */
export async function finishJob(db: Database, id: string, end: JobEnding): Promise<JobRow | undefined> {
  const [row] = await finishJobUpdate(db, id, end, new Date()).returning();
  return row;
}

/**
 * finishJob's write as a statement, to run inside another (storeEvents' `alongside`), with
 * `now` as its completion time unless the row has one already.
 */
export function finishJobUpdate(db: Database, id: string, end: JobEnding, now: Date) {
  return db
    .update(jobs)
    .set({
      status: end.status,
      result: end.result ? storable(end.result) : null,
      error: end.error ? storable(end.error) : null,
      executionTimeMs: end.executionTimeMs ?? null,
      completedAt: sql`coalesce(${jobs.completedAt}, ${now.toISOString()}::timestamptz)`,
      ...(end.status === 'canceled'
        ? { canceledAt: sql`coalesce(${jobs.canceledAt}, ${now.toISOString()}::timestamptz)`, cancelReason: sql`coalesce(${jobs.cancelReason}, ${end.cancelReason ?? 'canceled'})` }
        : {}),
      version: sql`${jobs.version} + 1`,
    })
    .where(eq(jobs.id, id));
}

/**
 * The row finishJobUpdate leaves of `job` (read before it, running: no completion or cancel
 * time yet), for a caller that writes it inside another statement and cannot read it back.
 */
export function finishedRow(job: JobRow, end: JobEnding, now: Date): JobRow {
  const canceled = end.status === 'canceled';
  return {
    ...job,
    status: end.status,
    result: end.result ? storable(end.result) : null,
    error: end.error ? (storable(end.error) as JobError) : null,
    executionTimeMs: end.executionTimeMs ?? null,
    completedAt: job.completedAt ?? now,
    canceledAt: canceled ? (job.canceledAt ?? now) : job.canceledAt,
    cancelReason: canceled ? (job.cancelReason ?? end.cancelReason ?? 'canceled') : job.cancelReason,
    version: job.version + 1,
  };
}

/** Claims and wake-ups of one user's jobs take this lock, so none slips between them. */
async function lockUserSlots(db: Database, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${userId}::text))`);
}

/**
 * The user's jobs that a claim told to wait, oldest first, at most `limitFor(plan)`: the ones
 * to signal when a slot frees. Fresh queued jobs are left alone, as they claim on their own.
 * Under the claim lock, a job being told to wait right now is either committed as waiting
 * before this reads, or it counts running jobs after the freed slot and takes it.
 */
export async function jobsAwaitingSlot(db: Database, userId: string, limitFor: (plan: string) => number): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockUserSlots(tx as Database, userId);
    const [owner] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
    if (!owner) return [];
    // Bounded in the query: a long queue must not be read whole at every finished job.
    const rows = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.userId, userId), eq(jobs.status, 'queued'), isNotNull(jobs.awaitingSlotSince)))
      .orderBy(asc(jobs.createdAt), asc(jobs.id))
      .limit(limitFor(owner.plan));
    return rows.map((r) => r.id);
  });
}

