import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { searchDocuments } from '../schema/index.ts';
import type { SearchDocumentRow } from '../schema/index.ts';
import type { IndexDocument } from './tool-documents.ts';
import { excludedSet } from '../upsert.ts';

/** A validated, enriched tool of a POST /v2/index_tools call, ready to stage: the document it indexes as, plus what the ledger keeps. */
export interface StagedTool extends IndexDocument {
  capabilities: string[];
  contentHash: string;
}

/** Ledger state of the given ids: content hash and status. */
export async function existingApiTools(db: Database, ids: string[]): Promise<Map<string, { contentHash: string; status: string }>> {
  const out = new Map<string, { contentHash: string; status: string }>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ id: searchDocuments.id, contentHash: searchDocuments.contentHash, status: searchDocuments.status })
      .from(searchDocuments)
      .where(inArray(searchDocuments.id, ids.slice(i, i + 1000)));
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}

/** How many tools of the user's own the index holds or is about to (their plan's total counts these). */
export async function countOwnApiTools(db: Database, ownerUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(searchDocuments)
    .where(and(eq(searchDocuments.source, 'api'), eq(searchDocuments.ownerUserId, ownerUserId), ne(searchDocuments.status, 'failed')));
  return row?.n ?? 0;
}

/**
 * stageApiTools for a user's own tools, after `check` has seen how many they hold (it throws to
 * refuse). An advisory lock per user serialises the count and the writes, so two calls at once
 * cannot both pass a total that only one of them fits in.
 */
export async function stageOwnApiTools(db: Database, ownerUserId: string, batchId: string, staged: StagedTool[], check: (held: number) => void): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`index-tools:${ownerUserId}`}))`);
    check(await countOwnApiTools(tx, ownerUserId));
    await stageApiTools(tx, batchId, staged);
  });
}

/** Writes tools as 'pending' in `batchId`; the indexing workflow picks them up. Idempotent by id. */
export async function stageApiTools(db: Database, batchId: string, staged: StagedTool[]): Promise<void> {
  const now = new Date();
  for (let i = 0; i < staged.length; i += 500) {
    const values = staged.slice(i, i + 500).map((t) => ({ ...t, source: 'api' as const, status: 'pending' as const, batchId, error: null, updatedAt: now }));
    await db
      .insert(searchDocuments)
      .values(values)
      .onConflictDoUpdate({
        target: searchDocuments.id,
        // Every staged column (the id's owner, server and name are the same): a re-sent tool is pending again.
        set: excludedSet(searchDocuments, values[0]!, ['id']),
      });
  }
}

/** Up to `limit` pending tools of a batch, in a stable order. */
export async function pendingOfBatch(db: Database, batchId: string, limit: number): Promise<SearchDocumentRow[]> {
  return db
    .select()
    .from(searchDocuments)
    .where(and(eq(searchDocuments.batchId, batchId), eq(searchDocuments.status, 'pending')))
    .orderBy(asc(searchDocuments.id))
    .limit(limit);
}

export async function markIndexed(db: Database, ids: string[], embeddedWith: string): Promise<void> {
  if (ids.length === 0) return;
  await db.update(searchDocuments).set({ status: 'indexed', error: null, embeddedWith, updatedAt: new Date() }).where(inArray(searchDocuments.id, ids));
}

export async function markFailed(db: Database, ids: string[], error: string): Promise<void> {
  if (ids.length === 0) return;
  await db.update(searchDocuments).set({ status: 'failed', error, updatedAt: new Date() }).where(inArray(searchDocuments.id, ids));
}

/** Counts per status of a batch, and the failures with their reasons. */
export async function batchProgress(db: Database, batchId: string, ownerUserId: string | null) {
  const owner = ownerUserId ? eq(searchDocuments.ownerUserId, ownerUserId) : sql`${searchDocuments.ownerUserId} is null`;
  const rows = await db
    .select({ status: searchDocuments.status, n: sql<number>`count(*)::int` })
    .from(searchDocuments)
    .where(and(eq(searchDocuments.batchId, batchId), owner))
    .groupBy(searchDocuments.status);
  const failed = await db
    .select({ server: searchDocuments.server, name: searchDocuments.name, error: searchDocuments.error })
    .from(searchDocuments)
    .where(and(eq(searchDocuments.batchId, batchId), eq(searchDocuments.status, 'failed'), owner))
    .limit(100);
  const count = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  return { pending: count('pending'), indexed: count('indexed'), failed: count('failed'), failures: failed };
}
