import type { Database } from '../client.ts';
import { createDocumentVectorStore } from './document-vectors.ts';
import type { IndexDocument, LedgerEntry } from './tool-documents.ts';
import { apiDocuments, ledgerFingerprint, registryDocuments, replaceRegistryLedger } from './tool-documents.ts';

/**
 * The database as the source the search index is derived from: search/'s IndexStore, matched by
 * shape (db/ does not import search/). The process opening the index passes it in:
 * `openSearchIndex(config, indexStore(db), logger)`.
 */
export function indexStore(db: Database) {
  return {
    async documents(): Promise<{ registry: IndexDocument[]; api: IndexDocument[] }> {
      const [registry, api] = await Promise.all([registryDocuments(db), apiDocuments(db)]);
      return { registry, api };
    },
    // onlyMissing: a rebuild from the database itself rewrites no unchanged row, so a restart
    // stays cheap and does not move the fingerprint other processes watch.
    recordRebuild: (registry: LedgerEntry[], embedderId: string) => replaceRegistryLedger(db, registry, embedderId, { onlyMissing: true }),
    fingerprint: () => ledgerFingerprint(db),
    vectors: createDocumentVectorStore(db),
  };
}
