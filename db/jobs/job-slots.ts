import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { jobs, users } from '../schema/index.ts';
import { prepared } from '../prepared.ts';
import { queuedAhead } from './jobs.ts';
import { rawRows } from './raw-rows.ts';
import type { JobRow, JobStatus } from '../schema/index.ts';

// A user's concurrency slots: a queued job's claim of one, and the wake-up of the jobs that
// waited for one when it frees. The queue itself (writes, reads, positions) is jobs.ts.

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
 * a fresh claim commits with what it writes (docs/decisions.md, "Overhead per run").
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

/** A running job back in the queue (its call waits for its owner): the slot is free again. */
export async function requeueJob(db: Database, jobId: string): Promise<Pick<JobRow, 'userId'> | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'queued', startedAt: null, progress: null, version: sql`${jobs.version} + 1` })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'running')))
    .returning({ userId: jobs.userId });
  return row;
}

/** The row the claim's update leaves of `job`, for a claim written alongside another statement. */
export function claimedRow(job: JobRow, now: Date): JobRow {
  return { ...job, status: 'running', startedAt: now, awaitingSlotSince: null, progress: null, result: null, error: null, version: job.version + 1 };
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

