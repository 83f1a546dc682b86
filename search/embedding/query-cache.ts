import { LRUCache } from 'lru-cache';
import type { EmbeddingProvider } from './types.ts';

/**
 * LRU cache of query vectors in front of a provider: agents repeat queries, and embedding is the
 * most expensive step of a search. Keys are the exact query text; capacity bounds memory
 * (384 floats ≈ 1.5 KB per entry). A query being embedded is shared too: the retrieval service
 * starts the embedding before it knows whether it needs it (docs/decisions.md, "Retrieval latency"), and
 * the ranking that follows asks for the same text.
 */
export class QueryEmbeddingCache {
  private readonly entries: LRUCache<string, Float32Array>;
  private readonly pending = new Map<string, Promise<Float32Array>>();
  hits = 0;
  misses = 0;

  constructor(private readonly provider: EmbeddingProvider, capacity = 5_000) {
    this.entries = new LRUCache({ max: capacity });
  }

  /** The cached vector now (a hit, marked most recently used), or undefined; computes nothing. */
  lookup(text: string): Float32Array | undefined {
    const hit = this.entries.get(text);
    if (hit) this.hits++;
    return hit;
  }

  embed(text: string): Promise<Float32Array> {
    const hit = this.lookup(text);
    if (hit) return Promise.resolve(hit);
    // Neither a hit nor a miss: the caller that started it counted the miss.
    const running = this.pending.get(text);
    if (running) return running;
    this.misses++;
    const computing = (async () => {
      try {
        const vector = this.provider.embedQuery ? await this.provider.embedQuery(text) : (await this.provider.embed([text]))[0];
        this.entries.set(text, vector);
        return vector;
      } finally {
        this.pending.delete(text);
      }
    })();
    this.pending.set(text, computing);
    return computing;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
