/**
 * Results of identical retrievals for up to an hour (spec: "results for an identical query
 * within one hour may come from a cache"). The owner clears it whenever the index changes, so a
 * cached answer never outlives the tools it lists. LRU by insertion order of a Map.
 */
export class ResponseCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();
  hits = 0;
  misses = 0;

  constructor(private readonly capacity = 10_000, private readonly ttlMs = 60 * 60 * 1000) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expires < Date.now()) {
      if (entry) this.entries.delete(key);
      this.misses++;
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits++;
    return entry.value;
  }

  set(key: string, value: T): void {
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
