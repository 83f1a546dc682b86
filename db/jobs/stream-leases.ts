import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { jobStreamLeases } from '../schema/index.ts';

/**
 * Takes one of the user's open-stream slots unless `limit` are taken (schema/streams.ts).
 * An advisory lock per user serialises the count and the insert, so two replicas admitting
 * at once cannot both take the last slot. Expired leases (a replica that died) are dropped first.
 */
export async function acquireStreamLease(
  db: Database,
  lease: { id: string; userId: string; jobId: string; limit: number; ttlSeconds: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`job-streams:${lease.userId}`}))`);
    await tx.delete(jobStreamLeases).where(and(eq(jobStreamLeases.userId, lease.userId), lt(jobStreamLeases.expiresAt, sql`now()`)));
    const [row] = await tx.select({ n: count() }).from(jobStreamLeases).where(eq(jobStreamLeases.userId, lease.userId));
    if ((row?.n ?? 0) >= lease.limit) return false;
    await tx.insert(jobStreamLeases).values({
      id: lease.id,
      userId: lease.userId,
      jobId: lease.jobId,
      expiresAt: expiry(lease.ttlSeconds),
    });
    return true;
  });
}

/** Keeps the leases of this replica's open streams alive: one statement for all of them. */
export async function renewStreamLeases(db: Database, ids: string[], ttlSeconds: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(jobStreamLeases)
    .set({ expiresAt: expiry(ttlSeconds) })
    .where(inArray(jobStreamLeases.id, ids));
}

export async function releaseStreamLeases(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(jobStreamLeases).where(inArray(jobStreamLeases.id, ids));
}

const expiry = (ttlSeconds: number) => sql`now() + ${ttlSeconds}::int * interval '1 second'`;
