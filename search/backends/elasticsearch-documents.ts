import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ToolDocument } from '../types.ts';

/**
 * The content hash stored beside each document (`doc_hash`, a doc-values keyword) and returned
 * with every search hit. It names the document's exact content, so a copy cached under it can
 * never be stale: another process's update writes a new hash, a rebuild that keeps a document
 * keeps its hash (and the cache stays warm), and no index name or sequence number has to be
 * trusted (both start over when an index of the same name is created again).
 */
export function documentHash(doc: ToolDocument): string {
  return createHash('sha256').update(JSON.stringify(doc)).digest('base64url').slice(0, 22);
}

/** The stored field and the cache that lets `documents` skip the `mget` of documents seen before. */
export const DOC_HASH_FIELD = 'doc_hash';

/** Hit and miss counts of the document cache since it was made (benchmarks print them). */
export interface DocumentCacheStats {
  hits: number;
  misses: number;
  size: number;
}

/**
 * Documents by content hash, least recently used first out. Bounded by the documents' JSON
 * length (the closest cheap measure of what they hold on the heap), not their number: an input
 * schema can be 100 bytes or 20 KB.
 */
export class DocumentCache {
  private readonly entries: LRUCache<string, ToolDocument>;
  hits = 0;
  misses = 0;

  constructor(maxChars: number) {
    this.entries = new LRUCache({ maxSize: Math.max(1, maxChars), sizeCalculation: (doc) => Math.max(1, JSON.stringify(doc).length) });
  }

  /** The document with this id and content hash, when it is here. */
  get(id: string, hash: string): ToolDocument | undefined {
    const doc = this.entries.get(hash);
    // The id is part of the hashed content; checked anyway so a hash can never answer another id.
    if (doc && doc.id === id) {
      this.hits++;
      return doc;
    }
    this.misses++;
    return undefined;
  }

  /**
   * Keeps a document read under the hash written with it and answers the copy to use: the one
   * already here when another read stored the same content first. The hash names the content,
   * so either copy is right; answering the first keeps one object per content, so a later hit
   * hands back the very object an earlier retrieval did.
   */
  keep(hash: string, doc: ToolDocument): ToolDocument {
    const kept = this.entries.peek(hash);
    if (kept && kept.id === doc.id) return kept;
    this.entries.set(hash, doc);
    return doc;
  }

  clear(): void {
    this.entries.clear();
  }

  stats(): DocumentCacheStats {
    return { hits: this.hits, misses: this.misses, size: this.entries.size };
  }
}
