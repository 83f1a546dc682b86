import type { DocumentVectorStore } from '../embedding/vector-store.ts';
import type { ToolDocument } from '../types.ts';

/**
 * What the index is derived from, as search/ needs it. search/ never reads the database itself
 * (search/README.md): the database side implements these (db/retrieval/index-store.ts) and the
 * process that opens the index joins the two.
 */
export interface IndexStore {
  /** Every tool the index must hold: the registry's, and those indexed through the API. */
  documents(): Promise<{ registry: ToolDocument[]; api: ToolDocument[] }>;
  /**
   * Records the registry documents as indexed with `embedderId` (the ledger), writing only rows
   * that are missing or differ: a rebuild from the store itself changes nothing else there.
   */
  recordRebuild(registry: ToolDocument[], embedderId: string): Promise<void>;
  /** Moves whenever some process changed the index (the ledger's row count and last write). */
  fingerprint(): Promise<string>;
  /** Document vectors kept across rebuilds and restarts. */
  vectors: DocumentVectorStore;
}

/** What readiness needs to know of the catalog (GET /health/ready; search/service/readiness.ts). */
export interface CatalogState {
  /** Catalog servers stored as the bundled catalog says, out of how many, and the catalog's tool count. */
  synced(): Promise<{ synced: number; servers: number; tools: number }>;
  /** Index ids of every registry tool stored (what a complete index contains). */
  registryIds(): Promise<string[]>;
}
