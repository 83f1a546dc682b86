import type { EmbeddingProvider } from './types.ts';

/**
 * LRU cache of query vectors in front of a provider: agents repeat queries, and embedding is the
 * most expensive step of a search. Keys are the exact query text; capacity bounds memory
 * (384 floats ≈ 1.5 KB per entry).
 */
export class QueryEmbeddingCache {
  private readonly entries = new Map<string, Float32Array>();
  hits = 0;
  misses = 0;

  constructor(private readonly provider: EmbeddingProvider, private readonly capacity = 5_000) {}

  async embed(text: string): Promise<Float32Array> {
    const hit = this.entries.get(text);
    if (hit) {
      // Map keeps insertion order: re-inserting marks the entry most recently used.
      this.entries.delete(text);
      this.entries.set(text, hit);
      this.hits++;
      return hit;
    }
    this.misses++;
    const vector = this.provider.embedQuery ? await this.provider.embedQuery(text) : (await this.provider.embed([text]))[0];
    this.entries.set(text, vector);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return vector;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
