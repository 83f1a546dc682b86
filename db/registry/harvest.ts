import { and, asc, eq, isNotNull, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers, tools } from '../schema/index.ts';

/**
 * Imported entries to harvest, by name, with their launch (issue 38, item 2): never harvested and
 * with no tools, or harvested at another version than the one the sync now holds (item 1: a new
 * upstream version's listing goes through the pin check).
 */
export async function unharvestedImports(db: Database): Promise<{ name: string; launch: unknown }[]> {
  const neverTried = and(isNull(mcpServers.harvestedAt), notExists(db.select({ one: sql`1` }).from(tools).where(eq(tools.serverName, mcpServers.name))));
  const newVersion = and(isNotNull(mcpServers.harvestedAt), or(isNull(mcpServers.harvestedVersion), ne(mcpServers.harvestedVersion, mcpServers.version)));
  return db
    .select({ name: mcpServers.name, launch: mcpServers.launch })
    .from(mcpServers)
    .where(and(eq(mcpServers.source, 'upstream'), isNull(mcpServers.ownerUserId), or(neverTried, newVersion)))
    .orderBy(asc(mcpServers.name));
}

/** The harvest tried this server at its current version (listed or not): the next sync's harvest leaves it be until the version moves. */
export async function markHarvestTried(db: Database, server: string, at: Date): Promise<void> {
  await db.update(mcpServers).set({ harvestedAt: at, harvestedVersion: sql`${mcpServers.version}` }).where(eq(mcpServers.name, server));
}
