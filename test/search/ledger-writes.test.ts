import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { ledgerFingerprint, recordRegistryDocs, replaceRegistryLedger } from '../../db/retrieval/tool-documents.ts';
import { searchDocuments } from '../../db/schema/index.ts';
import type { ToolDocument } from '../../search/types.ts';
import { eachDriver } from '../support/database.ts';

// The ledger of registry documents (search_documents, source 'registry') is written as one JSON
// parameter per 2,000 rows. It must upsert as the row-by-row VALUES did: new rows inserted,
// existing ones updated (owner, embedder, time), on both drivers.

const doc = (server: string, name: string): ToolDocument => ({ id: `reg:${server}/${name}`, server, name, description: `${name} "tool"`, inputSchema: {}, category: null, tags: [] });

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});


async function ledger(handle: DatabaseHandle) {
  return handle.db
    .select({
      id: searchDocuments.id,
      server: searchDocuments.server,
      name: searchDocuments.name,
      owner: searchDocuments.ownerUserId,
      embeddedWith: searchDocuments.embeddedWith,
      updatedAt: searchDocuments.updatedAt,
    })
    .from(searchDocuments)
    .where(eq(searchDocuments.source, 'registry'))
    .orderBy(asc(searchDocuments.id));
}

describe.each(eachDriver(cleanups))('registry ledger writes (%s)', (_driver, open) => {
  it('inserts new rows, updates existing ones, and replaces the registry part', async () => {
    const handle = await open();
    await handle.migrate();
    // More than one statement's worth (2,000 rows each).
    const many = Array.from({ length: 2_500 }, (_, i) => doc(`srv-${i % 7}`, `tool-${i}`));
    await recordRegistryDocs(handle.db, many, 'model-a');
    const first = await ledger(handle);
    expect(first).toHaveLength(2_500);
    expect(first.find((r) => r.id === 'reg:srv-3/tool-10')).toMatchObject({ server: 'srv-3', name: 'tool-10', owner: null, embeddedWith: 'model-a' });

    await new Promise((r) => setTimeout(r, 20));
    await recordRegistryDocs(handle.db, many.slice(0, 3), 'model-b');
    const second = await ledger(handle);
    expect(second).toHaveLength(2_500);
    const updated = second.filter((r) => r.embeddedWith === 'model-b').map((r) => r.id).sort();
    expect(updated).toEqual(many.slice(0, 3).map((d) => d.id).sort());
    expect(second.find((r) => r.id === many[0]!.id)!.updatedAt.getTime()).toBeGreaterThan(first.find((r) => r.id === many[0]!.id)!.updatedAt.getTime());

    // onlyMissing: unchanged rows are not rewritten, so the fingerprint other processes watch stays.
    const keep = many.slice(0, 10);
    await replaceRegistryLedger(handle.db, keep, 'model-b', { onlyMissing: true });
    const third = await ledger(handle);
    expect(third.map((r) => r.id).sort()).toEqual(keep.map((d) => d.id).sort());
    expect(third.every((r) => r.embeddedWith === 'model-b')).toBe(true);
    const fingerprint = await ledgerFingerprint(handle.db);
    await replaceRegistryLedger(handle.db, keep, 'model-b', { onlyMissing: true });
    expect(await ledgerFingerprint(handle.db)).toBe(fingerprint);
  });
});
