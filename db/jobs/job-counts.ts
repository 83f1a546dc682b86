import { count } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { jobs } from '../schema/index.ts';

/** Jobs per status, one GROUP BY over the job table (the jobs-by-state gauge). */
export async function countJobsByStatus(db: Database): Promise<{ status: string; n: number }[]> {
  const rows = await db.select({ status: jobs.status, n: count() }).from(jobs).groupBy(jobs.status);
  return rows.map((row) => ({ status: row.status, n: Number(row.n) }));
}
