import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { jobs } from '../schema/index.ts';
import { storable } from './storable.ts';
import type { JobError, JobProgress, JobRow, JobStatus } from '../schema/index.ts';

// The writes of a running job: its progress and its final state (and the rows they leave, for
// a caller that writes them inside another statement).

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
