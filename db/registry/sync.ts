import { eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers, tools } from '../schema/index.ts';
import type { ServerCategory } from '../schema/index.ts';
import { SYNCED_SOURCES } from './servers.ts';
import { toolHash } from './tools.ts';
import type { ToolInput } from './tools.ts';
import { excludedSet } from '../upsert.ts';
import { gateListings, heldOf, storedToolOf } from '../trust/gate.ts';

/** A registry entry as the sync writes it (bundled catalog, reference servers, upstream registry). */
export interface SyncedEntry {
  name: string;
  displayName: string;
  description: string;
  version: string;
  url: string;
  icon: string;
  category: ServerCategory;
  tags: string[];
  launch: Record<string, unknown>;
  authentication: Record<string, unknown> | null;
  rateLimit: { requests_per_hour: number } | null;
  supportedPlatforms: string[];
  source: (typeof SYNCED_SOURCES)[number];
  toolsSource: 'tools/list' | 'documentation';
  /** An imported entry's server.json as published (served back by GET /v0.1/servers); null for ours. */
  serverJson?: Record<string, unknown> | null;
  /** Tools to store; absent = keep the stored ones (they come from a live tools/list). */
  tools?: ToolInput[];
}

/**
 * Upserts entries in one transaction, idempotently. Rows created by an admin or a user are
 * left alone (the conflict update only applies to rows the sync owns). Returns the names
 * written, how many tools changed and on which servers, and the listed tools the pin gate held
 * by server (heldOf, db/trust/gate.ts): the caller takes those out of the search index at once.
 */
export async function upsertSyncedEntries(
  db: Database,
  entries: SyncedEntry[],
): Promise<{ written: string[]; changedTools: number; changedServers: string[]; held: Map<string, string[]> }> {
  return db.transaction(async (tx) => {
    const written: string[] = [];
    let changedTools = 0;
    const now = new Date();
    for (let i = 0; i < entries.length; i += 100) {
      const batch = entries.slice(i, i + 100);
      const values = batch.map((e) => ({
        name: e.name,
        displayName: e.displayName,
        description: e.description,
        version: e.version,
        url: e.url,
        icon: e.icon,
        category: e.category,
        tags: e.tags,
        launch: e.launch,
        authentication: e.authentication,
        rateLimit: e.rateLimit,
        supportedPlatforms: e.supportedPlatforms,
        source: e.source,
        toolsSource: e.toolsSource,
        serverJson: e.serverJson ?? null,
        updatedAt: now,
      }));
      const rows = await tx
        .insert(mcpServers)
        .values(values)
        .onConflictDoUpdate({
          target: mcpServers.name,
          set: {
            ...excludedSet(mcpServers, values[0]!, ['name']),
            // Catalog rows carry how their tools were obtained; other rows learn it when refreshed.
            toolsSource: sql`case when excluded.source = 'catalog' then excluded.tools_source else ${mcpServers.toolsSource} end`,
          },
          // An upstream registry is a third party: its entries never take over a name of the catalog's, a reference server's or an admin's.
          setWhere: batch.every((e) => e.source === 'upstream') ? eq(mcpServers.source, 'upstream') : inArray(mcpServers.source, [...SYNCED_SOURCES]),
        })
        .returning({ name: mcpServers.name });
      written.push(...rows.map((r) => r.name));
    }
    const writtenSet = new Set(written);
    const lists = new Map<string, ToolInput[]>();
    for (const entry of entries) if (entry.tools && writtenSet.has(entry.name)) lists.set(entry.name, entry.tools);
    // Only definitions that match their pin (or a new server's clean first listing) are stored (db/trust/gate.ts).
    const versions = new Map(entries.map((e) => [e.name, e.version]));
    const gated = await gateListings(tx, lists, { source: 'sync', versionOf: (server) => versions.get(server) ?? '' });
    const changedOf = await replaceToolsOfServers(tx, new Map([...gated].map(([server, list]) => [server, list.map(storedToolOf)])));
    const changedServers: string[] = [];
    for (const [server, changed] of changedOf) {
      if (changed > 0) changedServers.push(server);
      changedTools += changed;
    }
    return { written, changedTools, changedServers, held: heldOf(lists, gated) };
  });
}

/** Rows per JSON parameter: one statement carries a few MB of tool schemas at most. */
const ROWS_PER_STATEMENT = 1000;

/**
 * What replaceServerTools (tools.ts) does for one server, for all the servers of a sync at once:
 * each server's tool rows become its list (new and changed tools upserted, missing ones
 * deleted), returning per server how many tools were added, changed or removed. One read of
 * the stored hashes and the writes as JSON parameters: per-server statements (~900 for the
 * bundled catalog) were most of a first boot's catalog write.
 */
async function replaceToolsOfServers(tx: { select: Database['select']; execute: (query: SQL) => Promise<unknown> }, lists: Map<string, ToolInput[]>): Promise<Map<string, number>> {
  const servers = [...lists.keys()];
  const before = new Map<string, string>();
  const key = (server: string, name: string) => `${server}\0${name}`;
  for (let i = 0; i < servers.length; i += ROWS_PER_STATEMENT) {
    const rows = await tx
      .select({ server: tools.serverName, name: tools.name, hash: tools.contentHash })
      .from(tools)
      .where(inArray(tools.serverName, servers.slice(i, i + ROWS_PER_STATEMENT)));
    for (const row of rows) before.set(key(row.server, row.name), row.hash);
  }
  const changedOf = new Map<string, number>();
  const upserts: { server_name: string; name: string; description: string; input_schema: unknown; output_schema: unknown; content_hash: string }[] = [];
  const removals: { server_name: string; name: string }[] = [];
  const stored = new Map<string, string[]>();
  for (const k of before.keys()) {
    const [server, name] = k.split('\0') as [string, string];
    stored.set(server, [...(stored.get(server) ?? []), name]);
  }
  for (const [server, list] of lists) {
    // A later tool of the same name replaces an earlier one, as in replaceServerTools.
    const unique = [...new Map(list.map((t) => [t.name, t])).values()];
    let changed = 0;
    for (const t of unique) {
      const hash = toolHash(t);
      if (before.get(key(server, t.name)) === hash) continue;
      upserts.push({ server_name: server, name: t.name, description: t.description ?? '', input_schema: t.inputSchema, output_schema: t.outputSchema ?? null, content_hash: hash });
      changed += 1;
    }
    const keep = new Set(unique.map((t) => t.name));
    for (const name of stored.get(server) ?? []) {
      if (keep.has(name)) continue;
      removals.push({ server_name: server, name });
      changed += 1;
    }
    changedOf.set(server, changed);
  }
  const now = new Date().toISOString();
  for (let i = 0; i < upserts.length; i += ROWS_PER_STATEMENT) {
    await tx.execute(sql`
      insert into ${tools} (server_name, name, description, input_schema, output_schema, content_hash, updated_at)
      select r.server_name, r.name, r.description, r.input_schema, r.output_schema, r.content_hash, ${now}::timestamptz
      from json_to_recordset(${JSON.stringify(upserts.slice(i, i + ROWS_PER_STATEMENT))}::json)
        as r(server_name text, name text, description text, input_schema jsonb, output_schema jsonb, content_hash text)
      on conflict (server_name, name) do update set description = excluded.description, input_schema = excluded.input_schema,
        output_schema = excluded.output_schema, content_hash = excluded.content_hash, updated_at = excluded.updated_at`);
  }
  for (let i = 0; i < removals.length; i += ROWS_PER_STATEMENT) {
    await tx.execute(sql`
      delete from ${tools} t using json_to_recordset(${JSON.stringify(removals.slice(i, i + ROWS_PER_STATEMENT))}::json) as r(server_name text, name text)
      where t.server_name = r.server_name and t.name = r.name`);
  }
  return changedOf;
}
