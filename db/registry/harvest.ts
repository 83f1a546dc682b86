import { and, asc, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers, tools } from '../schema/index.ts';

/** Imported entries never harvested and with no tools, by name, with their launch (issue 38, item 2). */
export async function unharvestedImports(db: Database): Promise<{ name: string; launch: unknown }[]> {
  return db
    .select({ name: mcpServers.name, launch: mcpServers.launch })
    .from(mcpServers)
    .where(
      and(
        eq(mcpServers.source, 'upstream'),
        isNull(mcpServers.ownerUserId),
        isNull(mcpServers.harvestedAt),
        notExists(db.select({ one: sql`1` }).from(tools).where(eq(tools.serverName, mcpServers.name))),
      ),
    )
    .orderBy(asc(mcpServers.name));
}

/** The harvest tried this server (listed or not): the next sync's harvest leaves it be. */
export async function markHarvestTried(db: Database, server: string, at: Date): Promise<void> {
  await db.update(mcpServers).set({ harvestedAt: at }).where(eq(mcpServers.name, server));
}
