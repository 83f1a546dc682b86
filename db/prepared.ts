import type { Database } from './client.ts';

const built = new WeakMap<Database, Map<string, unknown>>();

/**
 * A hot query built once per database handle (`build` ends in drizzle's `.prepare(name)`, its
 * values as `sql.placeholder`s): drizzle does not build its SQL again on each call (~0.3 ms CPU;
 * docs/decisions.md, "Overhead per run"). That every statement is a named one on Postgres,
 * parsed once per connection, is db/prepared-statements.ts's doing, for these and all others.
 * PGlite runs the same object as an ordinary query.
 */
export function prepared<T>(db: Database, name: string, build: () => T): T {
  let byName = built.get(db);
  if (!byName) built.set(db, (byName = new Map()));
  let query = byName.get(name) as T | undefined;
  if (query === undefined) byName.set(name, (query = build()));
  return query;
}
