import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { dropPlacement, dropPlacementsOf, dropStalePlacements, findPlacement, recordPlacement, renewPlacements } from '../../db/instances/placements.ts';
import { instanceKey } from '../../domain/launch.ts';

/** How often a worker renews the rows of the instances it holds. */
export const PLACEMENT_RENEW_MS = 10_000;
/** A row not renewed for this long names a worker presumed gone: its calls run where they land. */
export const PLACEMENT_LEASE_MS = 30_000;
/** Rows of workers killed without stopping are deleted after this long (they are ignored after the lease anyway). */
const PLACEMENT_STALE_MS = 10 * 60_000;

/**
 * Where a user's warm instances live, across the workers of the scale-out shape (issue 35 item 3,
 * docs/decisions.md "A user's calls reach their warm instance"). Each worker also polls a task
 * queue of its own (`queue`); a per-user instance it starts is recorded as held there
 * (instance_placements), renewed while the worker lives, and dropped when the pool reaps the
 * instance or the worker stops. A call that lands on another worker is sent to `queue` by its
 * workflow. Only a hint: a stale row costs a short wait and a cold start, never a run.
 */
export interface InstanceRouting {
  /** This worker's own task queue. */
  readonly queue: string;
  /** The queue of another live worker holding the warm instance of `server` for `userId`; null: run it here. */
  elsewhere(server: string, userId: string | null, holdsHere: (key: string) => boolean): Promise<string | null>;
  /** A per-user instance entered this worker's pool. */
  placed(poolKey: string, server: string): Promise<void>;
  /** The pool dropped an instance (idle or evicted). */
  dropped(poolKey: string): void;
  /** The worker stops: it holds nothing any more. */
  stop(): Promise<void>;
}

export function createInstanceRouting(deps: { db: Database; queue: string; logger: Logger }): InstanceRouting {
  const { db, queue } = deps;
  const logger = deps.logger.child({ component: 'instance-routing', queue });
  // Instances this worker recorded: a warm call writes nothing.
  const held = new Set<string>();
  // Once stopping, a call finishing here records nothing: no new call should come.
  let stopped = false;
  const warn = (what: string) => (err: unknown) => logger.warn({ err: (err as Error).message }, what);
  const renew = setInterval(() => {
    renewPlacements(db, queue).catch(warn('placement renewal failed'));
    dropStalePlacements(db, PLACEMENT_STALE_MS).catch(warn('stale placements not dropped'));
  }, PLACEMENT_RENEW_MS).unref();

  return {
    queue,
    async elsewhere(server, userId, holdsHere) {
      if (userId === null) return null;
      const key = instanceKey(server, userId);
      if (holdsHere(key)) return null;
      try {
        const holder = await findPlacement(db, key, PLACEMENT_LEASE_MS);
        return holder && holder !== queue ? holder : null;
      } catch (err) {
        // Not knowing where it lives costs a cold start here, not the run.
        warn('placement lookup failed')(err);
        return null;
      }
    },
    async placed(poolKey, server) {
      // The operator's shared instances (keyed by the server's name) are on every worker alike.
      if (stopped || poolKey === server || held.has(poolKey)) return;
      try {
        await recordPlacement(db, poolKey, queue);
        held.add(poolKey);
      } catch (err) {
        warn('placement not recorded')(err);
      }
    },
    dropped(poolKey) {
      if (!held.delete(poolKey)) return;
      dropPlacement(db, poolKey, queue).catch(warn('placement not dropped'));
    },
    async stop() {
      stopped = true;
      clearInterval(renew);
      held.clear();
      await dropPlacementsOf(db, queue).catch(warn('placements not dropped at stop'));
    },
  };
}

/** The worker's own task queue: the shared one's name, then who this process is (unique per live process). */
export function workerQueueName(sharedQueue: string, host: string, pid: number): string {
  return `${sharedQueue}@${host}-${pid}`;
}
