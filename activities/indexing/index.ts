import type { Database } from '../../db/client.ts';
import { apiRowToDocument, deleteLedgerRows, ledgerIdsOfServers, recordRegistryDocs, registryDocuments, replaceRegistryLedger } from '../../db/retrieval/tool-documents.ts';
import { markFailed, markIndexed, pendingOfBatch } from '../../db/retrieval/api-tools.ts';
import { updateEmbeddingStatus } from '../../db/retrieval/embedding-settings.ts';
import type { IndexBatchChunkOutput, RegistryIndexInput, RegistryIndexOutput } from '../../contracts/retrieval.ts';
import type { Logger } from '../../lib/logger.ts';
import type { SearchIndex } from '../../search/service/search-index.ts';
import { userDocuments } from './user-documents.ts';

export interface IndexingDeps {
  db: Database;
  logger: Logger;
  /** The process's index: in the embedded mode the very object the API searches. */
  search: SearchIndex;
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
 * Search indexing activities. Each is idempotent: upserts by document id, deletes of ids that
 * are already gone are no-ops, and the ledger (search_documents) is written after the index, so
 * a retry after a crash redoes the same work.
 */
export function createIndexingActivities(deps: IndexingDeps) {
  const { db, search } = deps;
  const log = deps.logger.child({ component: 'indexing' });

  return {
    /**
     * Registry hook: (re)indexes the tools of the given servers from the `tools` table and drops
     * index entries of tools they no longer list. No `servers` = every registry tool.
     */
    async indexTools(input: RegistryIndexInput): Promise<RegistryIndexOutput> {
      const docs = await registryDocuments(db, input.servers);
      const before = input.servers ? await ledgerIdsOfServers(db, input.servers) : undefined;
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
      await writing('index write', () => search.upsert(rows.map(apiRowToDocument)));
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

    /** Recomputes the vectors of the user's own tools (indexed through the API and custom servers). */
    async reembedUserTools(input: { userId: string }): Promise<number> {
      const docs = await userDocuments(db, input.userId);
      for (let i = 0; i < docs.length; i += CHUNK) await writing('index write', () => search.upsert(docs.slice(i, i + CHUNK)));
      return docs.length;
    },

    async recordReembedOutcome(input: { userId: string; tools: number; error?: string }): Promise<void> {
      if (input.error) {
        await updateEmbeddingStatus(db, input.userId, { status: 'failed', lastError: input.error });
        return;
      }
      await updateEmbeddingStatus(db, input.userId, { status: 'ready', reembeddedTools: input.tools, reembeddedAt: new Date(), lastError: null });
    },
  };
}

