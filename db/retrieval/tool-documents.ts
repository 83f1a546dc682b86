import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers, searchDocuments, tools } from '../schema/index.ts';
import type { SearchDocumentRow } from '../schema/index.ts';

/**
 * A tool as stored for the index: what search/ ranks on. Declared here, not imported, because db/
 * does not import search/; it has the shape of search/'s ToolDocument, which the process that
 * joins the two checks when it hands these to the index (db/retrieval/index-store.ts).
 */
export interface IndexDocument {
  id: string;
  server: string;
  name: string;
  description: string;
  inputSchema: Record<string, unknown> | null;
  category: string | null;
  tags: string[];
  ownerUserId: string | null;
}

/** What the ledger records of an indexed registry document. */
export type LedgerEntry = Pick<IndexDocument, 'id' | 'server' | 'name'> & { ownerUserId?: string | null };

/** Index id of a registry tool (a row of `tools`). */
export const registryDocId = (server: string, name: string) => `reg:${server}/${name}`;

/** Index id of a tool sent to POST /v2/index_tools; owner null = the public catalog (admin key). */
export const apiDocId = (owner: string | null, server: string, name: string) => `api:${owner ?? 'public'}:${server}/${name}`;

/** Registry tools as index documents; a tool without its own category takes its server's. */
export async function registryDocuments(db: Database, servers?: string[]): Promise<IndexDocument[]> {
  if (servers && servers.length === 0) return [];
  const rows = await db
    .select({
      server: tools.serverName,
      name: tools.name,
      description: tools.description,
      inputSchema: tools.inputSchema,
      category: sql<string | null>`coalesce(${tools.category}, ${mcpServers.category})`,
      tags: tools.tags,
      ownerUserId: mcpServers.ownerUserId,
    })
    .from(tools)
    .innerJoin(mcpServers, eq(tools.serverName, mcpServers.name))
    .where(servers ? inArray(tools.serverName, servers) : undefined);
  return rows.map((r) => ({ id: registryDocId(r.server, r.name), ...r, tags: r.tags ?? [] }));
}

export function apiRowToDocument(row: SearchDocumentRow): IndexDocument {
  return {
    id: row.id,
    server: row.server,
    name: row.name,
    description: row.description,
    inputSchema: row.inputSchema,
    category: row.category,
    tags: row.tags,
    ownerUserId: row.ownerUserId,
  };
}

/** Tools indexed through the API that made it into the index. */
export async function apiDocuments(db: Database, ownerUserId?: string): Promise<IndexDocument[]> {
  const conditions = [eq(searchDocuments.source, 'api'), eq(searchDocuments.status, 'indexed')];
  if (ownerUserId) conditions.push(eq(searchDocuments.ownerUserId, ownerUserId));
  const rows = await db.select().from(searchDocuments).where(and(...conditions));
  return rows.map(apiRowToDocument);
}

/** Ledger ids of registry documents of the given servers (what the index holds for them). */
export async function ledgerIdsOfServers(db: Database, servers: string[]): Promise<string[]> {
  if (servers.length === 0) return [];
  const rows = await db
    .select({ id: searchDocuments.id })
    .from(searchDocuments)
    .where(and(eq(searchDocuments.source, 'registry'), inArray(searchDocuments.server, servers)));
  return rows.map((r) => r.id);
}

/** Which of `ids` the ledger says the index holds. */
export async function ledgerIdsAmong(db: Database, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: searchDocuments.id }).from(searchDocuments).where(inArray(searchDocuments.id, ids));
  return rows.map((r) => r.id);
}

/**
 * Records registry documents as indexed (idempotent upsert). Rows go as one JSON parameter per
 * 2,000 documents: a multi-row VALUES of ~8,000 rows meant 56,000 bound parameters for drizzle
 * to build and PGlite to bind, a first boot's largest write after the catalog itself.
 */
export async function recordRegistryDocs(db: Database, docs: LedgerEntry[], embeddedWith: string): Promise<void> {
  const now = new Date().toISOString();
  for (let i = 0; i < docs.length; i += 2000) {
    const rows = docs.slice(i, i + 2000).map((d) => ({ id: d.id, owner_user_id: d.ownerUserId ?? null, server: d.server, name: d.name }));
    await db.execute(sql`
      insert into ${searchDocuments} (id, source, owner_user_id, server, name, embedded_with, updated_at)
      select r.id, 'registry', r.owner_user_id, r.server, r.name, ${embeddedWith}, ${now}::timestamptz
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(id text, owner_user_id uuid, server text, name text)
      on conflict (id) do update set owner_user_id = excluded.owner_user_id, embedded_with = excluded.embedded_with, updated_at = excluded.updated_at`);
  }
}

export async function deleteLedgerRows(db: Database, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) await db.delete(searchDocuments).where(inArray(searchDocuments.id, ids.slice(i, i + 1000)));
}

/**
 * Makes the registry part of the ledger equal to `docs` (after a full rebuild). `onlyMissing`
 * writes only rows that are absent or differ, for a rebuild from the database itself (every
 * start): rewriting ~8,000 unchanged rows cost a restart seconds and moved the fingerprint other
 * processes watch. Indexing new tool texts writes every row, so watchers see the change.
 */
export async function replaceRegistryLedger(db: Database, docs: LedgerEntry[], embeddedWith: string, options: { onlyMissing?: boolean } = {}): Promise<void> {
  const keep = new Set(docs.map((d) => d.id));
  const existing = await db
    .select({ id: searchDocuments.id, ownerUserId: searchDocuments.ownerUserId, embeddedWith: searchDocuments.embeddedWith })
    .from(searchDocuments)
    .where(eq(searchDocuments.source, 'registry'));
  const have = new Map(existing.map((r) => [r.id, r]));
  await deleteLedgerRows(db, existing.map((r) => r.id).filter((id) => !keep.has(id)));
  const changed = !options.onlyMissing ? docs : docs.filter((d) => {
    const row = have.get(d.id);
    return !row || row.embeddedWith !== embeddedWith || row.ownerUserId !== (d.ownerUserId ?? null);
  });
  await recordRegistryDocs(db, changed, embeddedWith);
}

/** A cheap fingerprint of the ledger; another process changed the index when it moves. */
export async function ledgerFingerprint(db: Database): Promise<string> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, at: sql<string | null>`max(${searchDocuments.updatedAt})::text` })
    .from(searchDocuments);
  return `${row?.n ?? 0}:${row?.at ?? ''}`;
}
