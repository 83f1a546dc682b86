import { and, asc, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers, packServers, packs, users } from '../schema/index.ts';
import type { PackRow } from '../schema/index.ts';
import { toolsCountSql } from './servers.ts';
import type { ServerWithCount } from './servers.ts';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/**
 * Serializes a user's plan-limited writes (count, then insert) inside a transaction: two
 * concurrent requests cannot both pass the allowance check.
 */
export async function lockUserRow(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** A curated pack, or a custom pack owned by the user. */
export async function findPack(db: Executor, id: string, userId: string | null): Promise<PackRow | null> {
  const owner = userId ? or(isNull(packs.ownerUserId), eq(packs.ownerUserId, userId)) : isNull(packs.ownerUserId);
  const [row] = await db.select().from(packs).where(and(eq(packs.id, id), owner));
  return row ?? null;
}

/** A custom pack of this user only (the /custom-packs routes never touch curated packs). */
export async function findOwnPack(db: Executor, id: string, userId: string): Promise<PackRow | null> {
  const [row] = await db.select().from(packs).where(and(eq(packs.id, id), eq(packs.ownerUserId, userId)));
  return row ?? null;
}

export async function listCuratedPacks(db: Executor): Promise<PackRow[]> {
  return db.select().from(packs).where(isNull(packs.ownerUserId)).orderBy(asc(packs.name));
}

export async function countOwnPacks(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(packs).where(eq(packs.ownerUserId, userId));
  return row?.n ?? 0;
}

export async function listOwnPacks(db: Executor, userId: string, page: { limit: number; offset: number }): Promise<PackRow[]> {
  return db
    .select()
    .from(packs)
    .where(eq(packs.ownerUserId, userId))
    .orderBy(desc(packs.createdAt), asc(packs.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Servers of each pack, in pack order, with tool counts. */
export async function serversOfPacks(db: Executor, packIds: string[]): Promise<Map<string, ServerWithCount[]>> {
  const result = new Map<string, ServerWithCount[]>(packIds.map((id) => [id, []]));
  if (packIds.length === 0) return result;
  const rows = await db
    .select({ packId: packServers.packId, server: mcpServers, toolsCount: toolsCountSql })
    .from(packServers)
    .innerJoin(mcpServers, eq(packServers.serverName, mcpServers.name))
    .where(inArray(packServers.packId, packIds))
    .orderBy(asc(packServers.position), asc(packServers.serverName));
  for (const row of rows) result.get(row.packId)?.push({ ...row.server, toolsCount: row.toolsCount });
  return result;
}

/** Sets a pack's servers to exactly `servers`, in that order. */
export async function replacePackServers(db: Executor, packId: string, servers: string[]): Promise<void> {
  await db.delete(packServers).where(eq(packServers.packId, packId));
  if (servers.length) await db.insert(packServers).values(servers.map((serverName, position) => ({ packId, serverName, position })));
}

/** Appends one server; false when it is already in the pack. */
export async function addPackServer(db: Executor, packId: string, server: string): Promise<boolean> {
  const [last] = await db.select({ n: count() }).from(packServers).where(eq(packServers.packId, packId));
  const rows = await db
    .insert(packServers)
    .values({ packId, serverName: server, position: last?.n ?? 0 })
    .onConflictDoNothing()
    .returning({ packId: packServers.packId });
  return rows.length > 0;
}

export async function removePackServer(db: Executor, packId: string, server: string): Promise<boolean> {
  const rows = await db
    .delete(packServers)
    .where(and(eq(packServers.packId, packId), eq(packServers.serverName, server)))
    .returning({ packId: packServers.packId });
  return rows.length > 0;
}

export async function countPackServers(db: Executor, packId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(packServers).where(eq(packServers.packId, packId));
  return row?.n ?? 0;
}

/** How many of a user's packs each of their custom servers is in. */
export async function packUsage(db: Executor, servers: string[]): Promise<Map<string, number>> {
  if (servers.length === 0) return new Map();
  const rows = await db
    .select({ server: packServers.serverName, n: count() })
    .from(packServers)
    .where(inArray(packServers.serverName, servers))
    .groupBy(packServers.serverName);
  return new Map(rows.map((r) => [r.server, r.n]));
}

/** Renames or redescribes a user's own pack (the caller found it first); the updated row. */
export async function updateOwnPack(db: Executor, packId: string, userId: string, input: { name?: string; description?: string }): Promise<PackRow> {
  const [pack] = await db
    .update(packs)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(packs.id, packId), eq(packs.ownerUserId, userId)))
    .returning();
  return pack;
}

export async function deleteOwnPack(db: Executor, packId: string, userId: string): Promise<void> {
  await db.delete(packs).where(and(eq(packs.id, packId), eq(packs.ownerUserId, userId)));
}

/** Marks a pack changed (its servers were edited). */
export async function touchPack(db: Executor, packId: string): Promise<void> {
  await db.update(packs).set({ updatedAt: new Date() }).where(eq(packs.id, packId));
}
