import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { instancePlacements } from '../schema/index.ts';

/** The database's clock, not each worker's: leases compare times written by different machines. */
const olderBy = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;

/**
 * Records that `workerQueue` holds the warm instance `instanceKey`: the last worker to start an
 * instance wins (two workers starting one at once each hold a copy; the other is reaped idle).
 */
export async function recordPlacement(db: Database, instanceKey: string, workerQueue: string): Promise<void> {
  await db
    .insert(instancePlacements)
    .values({ instanceKey, workerQueue, placedAt: sql`now()`, seenAt: sql`now()` })
    .onConflictDoUpdate({ target: instancePlacements.instanceKey, set: { workerQueue, placedAt: sql`now()`, seenAt: sql`now()` } });
}

/** The queue of the worker holding `instanceKey`, when that worker renewed its rows within `leaseMs`. */
export async function findPlacement(db: Database, instanceKey: string, leaseMs: number): Promise<string | null> {
  const [row] = await db
    .select({ workerQueue: instancePlacements.workerQueue })
    .from(instancePlacements)
    .where(and(eq(instancePlacements.instanceKey, instanceKey), gt(instancePlacements.seenAt, olderBy(leaseMs))))
    .limit(1);
  return row?.workerQueue ?? null;
}

/** Drops the row of an instance this worker no longer holds (reaped); another worker's newer row stays. */
export async function dropPlacement(db: Database, instanceKey: string, workerQueue: string): Promise<void> {
  await db.delete(instancePlacements).where(and(eq(instancePlacements.instanceKey, instanceKey), eq(instancePlacements.workerQueue, workerQueue)));
}

/** The worker is alive: renews every row it holds. */
export async function renewPlacements(db: Database, workerQueue: string): Promise<void> {
  await db.update(instancePlacements).set({ seenAt: sql`now()` }).where(eq(instancePlacements.workerQueue, workerQueue));
}

/** Every row of a stopping worker: it holds no instance any more. */
export async function dropPlacementsOf(db: Database, workerQueue: string): Promise<void> {
  await db.delete(instancePlacements).where(eq(instancePlacements.workerQueue, workerQueue));
}

/** Rows no worker renewed for `staleMs`: their workers died without stopping (kill -9). */
export async function dropStalePlacements(db: Database, staleMs: number): Promise<void> {
  await db.delete(instancePlacements).where(lt(instancePlacements.seenAt, olderBy(staleMs)));
}
