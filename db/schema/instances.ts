import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Where a user's warm instance lives in the scale-out shape (issue 35 item 3): instance key
 * (`<server>@<user folder>`, domain/launch.ts) → the task queue of the worker holding it. The
 * worker renews `seen_at` while it lives; a row older than its lease names a worker presumed
 * gone and is ignored (activities/instances/routing.ts). Routing hint only: a wrong row costs a
 * short wait and a cold start, never a run.
 */
export const instancePlacements = pgTable(
  'instance_placements',
  {
    instanceKey: text('instance_key').primaryKey(),
    workerQueue: text('worker_queue').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('instance_placements_worker_queue_idx').on(t.workerQueue)],
);

export type InstancePlacementRow = typeof instancePlacements.$inferSelect;
