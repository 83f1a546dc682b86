import { lt, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { rateLimitCounters } from './schema/index.ts';

/** Counts one request in a fixed window and returns the window's new total (atomic upsert). */
export async function incrementCounter(db: Database, key: string, windowStart: Date, windowSeconds: number) {
  const expiresAt = new Date(windowStart.getTime() + windowSeconds * 1000);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart, count: 1, expiresAt })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  return row.count;
}

export async function deleteExpiredCounters(db: Database, now: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now));
}
