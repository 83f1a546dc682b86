import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers } from '../schema/index.ts';

/** An imported entry as its version pin is shown: null when it is not an imported entry of the registry. */
export async function findImportedEntry(db: Database, name: string): Promise<{ name: string; source: string; version: string; pinnedVersion: string | null } | null> {
  const [row] = await db
    .select({ name: mcpServers.name, source: mcpServers.source, version: mcpServers.version, pinnedVersion: mcpServers.pinnedVersion })
    .from(mcpServers)
    .where(and(eq(mcpServers.name, name), isNull(mcpServers.ownerUserId)));
  return row ?? null;
}

/** Pins an imported entry to `version`, or (null) lets it follow the source's latest again. */
export async function setPinnedVersion(db: Database, name: string, version: string | null): Promise<void> {
  await db.update(mcpServers).set({ pinnedVersion: version }).where(and(eq(mcpServers.name, name), eq(mcpServers.source, 'upstream')));
}

/** The pinned imported entries, name to version: what the upstream sync keeps instead of the latest. */
export async function pinnedVersions(db: Database): Promise<Map<string, string>> {
  const rows = await db
    .select({ name: mcpServers.name, version: mcpServers.pinnedVersion })
    .from(mcpServers)
    .where(and(eq(mcpServers.source, 'upstream'), isNotNull(mcpServers.pinnedVersion)));
  return new Map(rows.map((r) => [r.name, r.version!]));
}
