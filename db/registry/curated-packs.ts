import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers, packServers, packs } from '../schema/index.ts';

export interface CuratedPack {
  id: string;
  name: string;
  description: string;
  /** Candidate servers; only those present in the registry are linked. */
  servers: string[];
}

/**
 * Writes the curated packs idempotently: each keeps the listed servers that exist, in order;
 * a pack none of whose servers exist is removed. Returns the pack ids written.
 */
export async function syncCuratedPacks(db: Database, definitions: CuratedPack[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    const wanted = [...new Set(definitions.flatMap((d) => d.servers))];
    const present = new Set(
      (await tx.select({ name: mcpServers.name }).from(mcpServers).where(and(inArray(mcpServers.name, wanted), isNull(mcpServers.ownerUserId)))).map(
        (r) => r.name,
      ),
    );
    const written: string[] = [];
    const now = new Date();
    for (const def of definitions) {
      const servers = def.servers.filter((s) => present.has(s));
      if (servers.length === 0) {
        await tx.delete(packs).where(and(eq(packs.id, def.id), isNull(packs.ownerUserId)));
        continue;
      }
      await tx
        .insert(packs)
        .values({ id: def.id, name: def.name, description: def.description, ownerUserId: null })
        .onConflictDoUpdate({ target: packs.id, set: { name: def.name, description: def.description, updatedAt: now }, setWhere: isNull(packs.ownerUserId) });
      await tx.delete(packServers).where(and(eq(packServers.packId, def.id), notInArray(packServers.serverName, servers)));
      await tx
        .insert(packServers)
        .values(servers.map((serverName, position) => ({ packId: def.id, serverName, position })))
        .onConflictDoUpdate({ target: [packServers.packId, packServers.serverName], set: { position: sql`excluded.position` } });
      written.push(def.id);
    }
    return written;
  });
}
