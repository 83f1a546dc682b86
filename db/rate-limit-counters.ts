import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { rateLimitCounters } from './schema/index.ts';

export interface CounterWindow {
  key: string;
  windowStart: Date;
  windowSeconds: number;
}

/**
 * Counts `by` requests (one, or every message of an MCP batch) in each of its fixed windows and
 * returns each window's new total, in the order given: one atomic upsert, one round trip.
 */
export async function incrementCounters(db: Database, windows: CounterWindow[], by = 1): Promise<number[]> {
  if (!windows.length) return [];
  const rows = await db
    .insert(rateLimitCounters)
    .values(windows.map((w) => ({ key: w.key, windowStart: w.windowStart, count: by, expiresAt: new Date(w.windowStart.getTime() + w.windowSeconds * 1000) })))
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + ${by}` },
    })
    .returning({ key: rateLimitCounters.key, count: rateLimitCounters.count });
  const counts = new Map(rows.map((r) => [r.key, r.count]));
  return windows.map((w) => counts.get(w.key) ?? by);
}

export async function deleteExpiredCounters(db: Database, now: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now));
}

/** The current totals of these windows without counting anything (0 for a window nobody used yet), in the order given. */
export async function readCounters(db: Database, windows: CounterWindow[]): Promise<number[]> {
  if (!windows.length) return [];
  const rows = await db
    .select({ key: rateLimitCounters.key, windowStart: rateLimitCounters.windowStart, count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(or(...windows.map((w) => and(eq(rateLimitCounters.key, w.key), eq(rateLimitCounters.windowStart, w.windowStart)))));
  const counts = new Map(rows.map((r) => [`${r.key}@${r.windowStart.getTime()}`, r.count]));
  return windows.map((w) => counts.get(`${w.key}@${w.windowStart.getTime()}`) ?? 0);
}
