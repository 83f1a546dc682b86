import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { serverFlags } from '../schema/index.ts';
import type { ServerFlagRow } from '../schema/index.ts';

type FlagStatus = ServerFlagRow['status'];

/** Inserts an open flag; returns undefined when the user already has one open on this server. */
export async function insertFlag(
  db: Database,
  input: { serverName: string; userId: string; reason: ServerFlagRow['reason']; details: string },
): Promise<ServerFlagRow | undefined> {
  const rows = await db.insert(serverFlags).values(input).onConflictDoNothing().returning();
  return rows[0];
}

export async function listFlags(
  db: Database,
  /** Without serverName, every server's flags (the admin's moderation queue). */
  filter: { serverName?: string; status?: FlagStatus; limit: number; offset: number },
): Promise<{ rows: ServerFlagRow[]; total: number }> {
  const where = and(
    filter.serverName ? eq(serverFlags.serverName, filter.serverName) : undefined,
    filter.status ? eq(serverFlags.status, filter.status) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db.select().from(serverFlags).where(where).orderBy(desc(serverFlags.createdAt), desc(serverFlags.id)).limit(filter.limit).offset(filter.offset),
    db.select({ n: count() }).from(serverFlags).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findFlag(db: Database, id: string): Promise<ServerFlagRow | undefined> {
  const rows = await db.select().from(serverFlags).where(eq(serverFlags.id, id)).limit(1);
  return rows[0];
}

export async function updateFlag(
  db: Database,
  id: string,
  change: { status: FlagStatus; resolution: string | null; resolvedBy: string | null; resolvedAt: Date | null },
): Promise<ServerFlagRow | undefined> {
  const rows = await db
    .update(serverFlags)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(serverFlags.id, id))
    .returning();
  return rows[0];
}
