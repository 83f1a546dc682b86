import type { Database } from './client.ts';

const built = new WeakMap<Database, Map<string, unknown>>();

/**
 * A hot query built once per database handle (`build` ends in drizzle's `.prepare(name)`, its
 * values as `sql.placeholder`s). Two savings per call (decisions.md, "Overhead per run, part
 * 4"): drizzle does not build the SQL again (~0.3 ms CPU), and postgres.js sends it as a named
 * statement that each connection parses and plans once (drizzle sends every unnamed query
 * with a fresh parse). PGlite runs the same object as an ordinary query. Only for queries of
 * one fixed text: every distinct text stays prepared on each connection for its lifetime.
 */
export function prepared<T>(db: Database, name: string, build: () => T): T {
  let byName = built.get(db);
  if (!byName) built.set(db, (byName = new Map()));
  let query = byName.get(name) as T | undefined;
  if (query === undefined) byName.set(name, (query = build()));
  return query;
}
