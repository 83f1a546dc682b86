import type { SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';

/**
 * Rows of a raw query under either driver: postgres-js returns an array, PGlite an object
 * with `rows`. Used only where the query builder cannot say it (aggregates over subqueries).
 */
export async function rawRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
