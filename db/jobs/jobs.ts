import { and, asc, count, desc, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Database } from '../client.ts';
import { jobs, users } from '../schema/index.ts';
import { prepared } from '../prepared.ts';
import { rawRows } from './raw-rows.ts';
import { storable, storableText } from './storable.ts';
import type { JobError, JobProgress, JobRow, JobStatus } from '../schema/index.ts';

/** Writes a queued job; a value may be an expression (the estimate of submitJob). */
export async function insertJob(db: Database, job: PgInsertValue<typeof jobs>): Promise<JobRow> {
  const [row] = await db.insert(jobs).values(job).returning();
  return row as JobRow;
}

/** How many of the user's queued jobs come before (createdAt, id) in the queue's first-come order. */
const queuedAheadOf = (userId: SQL, createdAt: SQL, id: SQL) =>
  sql<number>`(select count(*)::int from jobs q where q.user_id = ${userId} and q.status = 'queued'
    and (q.created_at, q.id) < (${createdAt}, ${id}))`.mapWith(Number);

/**
 * The same for the current row of `jobs`. Qualified by hand: drizzle writes a statement's own
 * columns unqualified in places, which inside the subquery would mean `q`.
 */
const queuedAhead = queuedAheadOf(sql`jobs.user_id`, sql`jobs.created_at`, sql`jobs.id`);

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

export type ClaimOutcome<A = undefined> =
  | { state: 'claimed'; job: JobRow; announced?: A }
  | { state: 'waiting' }
  | { state: 'gone'; status: JobStatus | 'missing' };

/**
 * Writes the claim inside its transaction together with the caller's own write (the
 * `job.started` event): `claim` is the claim's update as a statement, `job` the row as it
 * leaves it (it cannot be read back from a statement that runs alongside another).
 */
export type ClaimAnnouncer<A> = (tx: Database, claim: SQLWrapper, job: JobRow) => Promise<A>;

/**
 * Takes one of the user's concurrency slots for a queued job, first come first served:
 * a job runs when fewer than `limit` jobs run and fewer than the free slots are queued
 * ahead of it. An advisory lock per user serialises claims; re-claiming a running job is
 * a no-op success (`announced` absent), so a retried activity is harmless. With `announce`,
 * a fresh claim commits with what it writes (bench/results/2026-11-24-execution-overhead-per-run.md,
 * "Overhead per run, part 4").
 *
 * The user's lock is taken by the statement that reads and locks the job's row; the counts
 * follow in a second statement, whose snapshot is therefore taken once the lock is held (a
 * count read before it would miss a slot taken by whoever held the lock). Both go out in one
 * round trip: two builder queries handed to Promise.all in this order are sent in this order
 * (test/execution/run-queries.test.ts holds a claim at the lock to check it). The lock is
 * taken whatever the row's state: harmless for a job already running or gone, whose
 * transaction ends right after.
 */
export async function claimSlot<A = undefined>(
  db: Database,
  jobId: string,
  limitFor: (plan: string) => number,
  announce?: ClaimAnnouncer<A>,
): Promise<ClaimOutcome<A>> {
  return db.transaction(async (tx) => {
    const [[locked], [counts]] = await Promise.all([
      tx
        .select({ job: getTableColumns(jobs), lock: sql`pg_advisory_xact_lock(hashtext(${jobs.userId}::text))` })
        .from(jobs)
        .where(eq(jobs.id, jobId))
        .for('update'),
      tx
        .select({
          plan: sql<string | null>`(select plan from users u where u.id = jobs.user_id)`,
          // Running agent runs hold slots of the same plan (decisions.md, "Agent runs").
          running: sql<number>`(select count(*)::int from jobs r where r.user_id = jobs.user_id and r.status = 'running')
            + (select count(*)::int from agent_runs a where a.user_id = jobs.user_id and a.status = 'running')`.mapWith(Number),
          ahead: queuedAhead,
        })
        .from(jobs)
        .where(eq(jobs.id, jobId)),
    ]);
    const job = locked?.job as JobRow | undefined;
    if (!job) return { state: 'gone', status: 'missing' } as const;
    if (job.status === 'running') return { state: 'claimed', job } as const;
    if (job.status === 'canceled') return { state: 'gone', status: job.status } as const;
    // A final state here means an operator reset the run: it queues and runs again.
    const free = limitFor(counts?.plan ?? 'free') - (counts?.running ?? 0);
    if ((counts?.ahead ?? 0) >= free) {
      // Not a visible change (no version bump): it only makes the job a candidate for a wake-up.
      await tx.update(jobs).set({ awaitingSlotSince: sql`coalesce(${jobs.awaitingSlotSince}, now())` }).where(eq(jobs.id, jobId));
      return { state: 'waiting' } as const;
    }
    const now = new Date();
    const claim = tx
      .update(jobs)
      .set({ status: 'running', startedAt: now, awaitingSlotSince: null, progress: null, result: null, error: null, version: sql`${jobs.version} + 1` })
      .where(eq(jobs.id, jobId));
    if (announce) {
      const claimed = claimedRow(job, now);
      return { state: 'claimed', job: claimed, announced: await announce(tx as Database, claim, claimed) } as const;
    }
    const [claimed] = await claim.returning();
    return { state: 'claimed', job: claimed as JobRow } as const;
  });
}

/** The row the claim's update leaves of `job`, for a claim written alongside another statement. */
export function claimedRow(job: JobRow, now: Date): JobRow {
  return { ...job, status: 'running', startedAt: now, awaitingSlotSince: null, progress: null, result: null, error: null, version: job.version + 1 };
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

/** The job-slot limit of each plan, as SQL over a `plan` column. */
function limitSql(limitFor: (plan: string) => number): SQL {
  const cases = users.plan.enumValues.map((plan) => sql`when ${plan} then ${limitFor(plan)}::int`);
  return sql`case plan ${sql.join(cases, sql` `)} else ${limitFor('free')}::int end`;
}

/**
 * The user's jobs that a claim told to wait, oldest first, at most `limitFor(plan)`: the ones
 * to signal when a slot frees. Fresh queued jobs are left alone, as they claim on their own.
 * Under the claim lock, a job being told to wait right now is either committed as waiting
 * before this reads, or it counts running jobs after the freed slot and takes it.
 * The lock and the read are sent together (one round trip; the read's snapshot is taken once
 * the lock is held, as the server runs them in order, and they go out in this order:
 * test/execution/run-queries.test.ts holds a wake-up at the lock to check it).
 *
 * Called once the freed slot is committed. When the user then has no queued job at all, no
 * claim can still be about to wait on that slot (its job was queued, and committed, before
 * its counts were read, so before the slot was freed), and the locked read is skipped: one
 * statement instead of four for a user whose jobs never queue up.
 */
export async function jobsAwaitingSlot(db: Database, userId: string, limitFor: (plan: string) => number): Promise<string[]> {
  const anyQueued = prepared(db, 'any_queued_job', () =>
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.userId, sql.placeholder('userId')), eq(jobs.status, 'queued')))
      .limit(1)
      .prepare('any_queued_job'),
  );
  if ((await anyQueued.execute({ userId })).length === 0) return [];
  return db.transaction(async (tx) => {
    const [, [row]] = await Promise.all([
      lockUserSlots(tx as Database, userId),
      // Bounded in the query: a long queue must not be read whole at every finished job.
      // No such user: limit 0.
      rawRows<{ ids: string[] }>(tx as Database, sql`
        select coalesce((select json_agg(w.id order by w.created_at, w.id) from (
          select id, created_at from jobs where user_id = ${userId} and status = 'queued' and awaiting_slot_since is not null
          order by created_at, id limit coalesce((select ${limitSql(limitFor)} from users where id = ${userId}), 0)
        ) w), '[]'::json) as ids
      `),
    ]);
    return row?.ids ?? [];
  });
}
