import { LRUCache } from 'lru-cache';

/**
 * Results of identical retrievals for up to an hour (spec: "results for an identical query
 * within one hour may come from a cache"). The owner clears it whenever the index changes, so a
 * cached answer never outlives the tools it lists.
 */
export class ResponseCache<T> {
  // Boxed: the cache holds no undefined values, and a ranking's answer may be any T.
  private readonly entries: LRUCache<string, { value: T }>;
  hits = 0;
  misses = 0;

  constructor(capacity = 10_000, ttlMs = 60 * 60 * 1000) {
    this.entries = new LRUCache({ max: capacity, ttl: ttlMs });
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry) this.hits++;
    else this.misses++;
    return entry?.value;
  }

  set(key: string, value: T): void {
    this.entries.set(key, { value });
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
