import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers, toolHolds, tools } from '../schema/index.ts';
import { registryDocId } from './tool-documents.ts';

/**
 * What the registry sync must have written before the service answers retrieval as it will in
 * steady state: for each catalog server the digest of its tools (names and content hashes, as
 * db/registry/tools.ts stores them), and the reference servers, whose tools come from tools/list.
 */
export interface ExpectedCatalog {
  /** Each catalog server's tools: names and content hashes. */
  servers: Map<string, { name: string; hash: string }[]>;
  reference: string[];
  /** Tools of the catalog file (the total shown before the sync has written them). */
  toolCount: number;
}

/** Digest of a server's tools: order-independent, over `name` and `contentHash`. */
function toolsDigest(list: { name: string; hash: string }[]): string {
  return list
    .map((t) => `${t.name}\u0000${t.hash}`)
    .sort()
    .join('\u0001');
}

/**
 * Whether the database holds the expected catalog. A catalog server counts as synced when its
 * row exists and, if the sync owns it (source `catalog`), its tools equal the file's (tools held
 * for review aside); rows an
 * admin took over are left alone by the sync, so they count as they are. A reference server
 * counts once tools/list ran for it (tools stored) or failed (status `error`, recorded).
 */
export async function catalogSynced(db: Database, expected: ExpectedCatalog): Promise<{ synced: number; servers: number }> {
  const names = [...expected.servers.keys(), ...expected.reference];
  const rows: { server: string; source: string; status: string; tool: string | null; hash: string | null }[] = [];
  for (let i = 0; i < names.length; i += 1000) {
    rows.push(
      ...(await db
        .select({ server: mcpServers.name, source: mcpServers.source, status: mcpServers.status, tool: tools.name, hash: tools.contentHash })
        .from(mcpServers)
        .leftJoin(tools, eq(tools.serverName, mcpServers.name))
        .where(inArray(mcpServers.name, names.slice(i, i + 1000)))),
    );
  }
  const byServer = new Map<string, { source: string; status: string; tools: { name: string; hash: string }[] }>();
  for (const row of rows) {
    let entry = byServer.get(row.server);
    if (!entry) byServer.set(row.server, (entry = { source: row.source, status: row.status, tools: [] }));
    if (row.tool !== null) entry.tools.push({ name: row.tool, hash: row.hash ?? '' });
  }
  // A tool held for review (issue 37) is not stored, or stored as its old pin: the sync did its
  // part for it, so it is left out of the comparison on both sides.
  const held = new Set<string>();
  for (let i = 0; i < names.length; i += 1000) {
    const rows = await db
      .select({ server: toolHolds.serverName, tool: toolHolds.toolName })
      .from(toolHolds)
      .where(and(inArray(toolHolds.serverName, names.slice(i, i + 1000)), inArray(toolHolds.status, ['pending', 'rejected'])));
    for (const row of rows) held.add(`${row.server}\u0000${row.tool}`);
  }
  const unheld = (server: string, list: { name: string; hash: string }[]) => list.filter((t) => !held.has(`${server}\u0000${t.name}`));
  let synced = 0;
  for (const [name, list] of expected.servers) {
    const found = byServer.get(name);
    if (found && (found.source !== 'catalog' || toolsDigest(unheld(name, found.tools)) === toolsDigest(unheld(name, list)))) synced++;
  }
  for (const name of expected.reference) {
    const found = byServer.get(name);
    if (found && (found.tools.length > 0 || found.status === 'error')) synced++;
  }
  return { synced, servers: names.length };
}

/** Index ids of every registry tool the database holds (what a complete index contains). */
export async function registryDocIds(db: Database): Promise<string[]> {
  const rows = await db.select({ server: tools.serverName, name: tools.name }).from(tools);
  return rows.map((r) => registryDocId(r.server, r.name));
}

/**
 * The catalog's state as readiness asks for it (search/'s CatalogState, by shape). The catalog
 * file is read once, at the first question: it does not change while the process runs.
 */
export function catalogState(db: Database, expected: () => ExpectedCatalog) {
  let catalog: ExpectedCatalog | undefined;
  return {
    async synced(): Promise<{ synced: number; servers: number; tools: number }> {
      catalog ??= expected();
      return { ...(await catalogSynced(db, catalog)), tools: catalog.toolCount };
    },
    registryIds: () => registryDocIds(db),
  };
}
