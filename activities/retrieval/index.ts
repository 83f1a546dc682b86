import type { Database } from '../../db/client.ts';
import {
  apiRowToDocument,
  deleteLedgerRows,
  ledgerIdsAmong,
  ledgerIdsOfServers,
  recordRegistryDocs,
  registryDocId,
  registryDocuments,
  replaceRegistryLedger,
} from '../../db/retrieval/tool-documents.ts';
import { markFailed, markIndexed, pendingOfBatch } from '../../db/retrieval/api-tools.ts';
import { updateEmbeddingStatus } from '../../db/retrieval/embedding-settings.ts';
import type { IndexBatchChunkOutput, RegistryIndexInput, RegistryIndexOutput } from '../../contracts/retrieval.ts';
import type { Logger } from '../../platform/logger.ts';
import type { SearchIndex } from '../../search/service/search-index.ts';
import type { EmbeddingApi } from '../../search/user-spaces/openai-embeddings.ts';
import { createUserSpaceActivities } from './user-spaces.ts';

export interface IndexingDeps {
  db: Database;
  logger: Logger;
  /** The process's index: in the embedded mode the very object the API searches. */
  search: SearchIndex;
  /** The OpenAI-compatible endpoint of users' own vector spaces; absent = only the default space. */
  embeddingApi?: EmbeddingApi;
}

/** Tools embedded per activity call: about a second of ONNX work on two cores. */
const CHUNK = 256;

/**
 * Elasticsearch client errors carry the whole request (megabytes of vectors), which Temporal
 * would log and store with the failed attempt: keep the name and message only.
 */
async function writing<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    throw new Error(`${what} failed: ${e.name}: ${e.message.slice(0, 500)}`);
  }
}

/**
 * Takes a server's held tools out of the index at once, for a hold made outside any re-index (an
 * instance's start check, issue 37: a held tool is never ranked). Only what the ledger says is
 * indexed, and its ledger row goes after the index entry: a failed removal is tried again by the
 * next check, and the ledger write is what other processes' watch sees (open-search-index.ts).
 * The approval's re-index puts the tool back.
 */
export async function unindexHeldTools(db: Database, search: SearchIndex, server: string, held: string[]): Promise<number> {
  const ids = await ledgerIdsAmong(db, held.map((tool) => registryDocId(server, tool)));
  if (ids.length === 0) return 0;
  await writing('index delete', () => search.remove(ids));
  await deleteLedgerRows(db, ids);
  return ids.length;
}

/**
 * Search indexing activities. Each is idempotent: upserts by document id, deletes of ids that
 * are already gone are no-ops, and the ledger (search_documents) is written after the index, so
 * a retry after a crash redoes the same work.
 */
export function createIndexingActivities(deps: IndexingDeps) {
  const { db, search } = deps;
  const log = deps.logger.child({ component: 'indexing' });
  const { followUserSpaces, ...userSpaces } = createUserSpaceActivities(deps);

  return {
    /**
     * Registry hook: (re)indexes the tools of the given servers from the `tools` table and drops
     * index entries of tools they no longer list. No `servers` = every registry tool.
     */
    async indexTools(input: RegistryIndexInput): Promise<RegistryIndexOutput> {
      const docs = await registryDocuments(db, input.servers);
      const before = input.servers ? await ledgerIdsOfServers(db, input.servers) : undefined;
      // Into their owners' own spaces first: the index write below is what tells searches to reload.
      await followUserSpaces(docs);
      for (let i = 0; i < docs.length; i += CHUNK) await writing('index write', () => search.upsert(docs.slice(i, i + CHUNK)));
      let removed = 0;
      if (before) {
        const keep = new Set(docs.map((d) => d.id));
        const stale = before.filter((id) => !keep.has(id));
        await writing('index delete', () => search.remove(stale));
        await deleteLedgerRows(db, stale);
        await recordRegistryDocs(db, docs, search.embedderId);
        removed = stale.length;
      } else {
        await replaceRegistryLedger(db, docs, search.embedderId);
      }
      log.info({ servers: input.servers?.length ?? 'all', indexed: docs.length, removed }, 'registry tools indexed');
      return { indexed: docs.length, removed };
    },

    /** Registry hook: removes every index entry of the given servers (server deleted). */
    async removeTools(input: { servers: string[] }): Promise<RegistryIndexOutput> {
      const ids = await ledgerIdsOfServers(db, input.servers);
      await writing('index delete', () => search.remove(ids));
      await deleteLedgerRows(db, ids);
      return { indexed: 0, removed: ids.length };
    },

    /** Embeds and indexes the next chunk of a POST /v2/index_tools batch. */
    async indexToolBatchChunk(input: { batchId: string }): Promise<IndexBatchChunkOutput> {
      const rows = await pendingOfBatch(db, input.batchId, CHUNK);
      if (rows.length === 0) return { indexed: 0, failed: 0, remaining: false };
      const docs = rows.map(apiRowToDocument);
      // Into the owner's own space first: the index write below is what tells searches to reload.
      await followUserSpaces(docs);
      await writing('index write', () => search.upsert(docs));
      await markIndexed(db, rows.map((r) => r.id), search.embedderId);
      return { indexed: rows.length, failed: 0, remaining: rows.length === CHUNK };
    },

    /** Marks what is still pending in a batch as failed (the workflow gave up on it). */
    async failBatchRemainder(input: { batchId: string; reason: string }): Promise<number> {
      let failed = 0;
      for (;;) {
        const rows = await pendingOfBatch(db, input.batchId, 1000);
        if (rows.length === 0) return failed;
        await markFailed(db, rows.map((r) => r.id), input.reason);
        failed += rows.length;
      }
    },

    /** Re-embed of a user's tools into their provider's space, and its activation (user-spaces.ts). */
    ...userSpaces,

    /** A re-embed that gave up: the previous space stays active; only if the user still wants that choice. */
    async recordReembedOutcome(input: { userId: string; provider: string; vendorModel: string; error: string }): Promise<void> {
      await updateEmbeddingStatus(db, input.userId, { status: 'failed', lastError: input.error }, { provider: input.provider, vendorModel: input.vendorModel });
    },
  };
}

