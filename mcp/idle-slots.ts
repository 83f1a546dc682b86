/**
 * Which registrations the pool drops when nobody uses them: per-user server instances
 * (issue 33, item 2), so a thousand users who each ran a memory tool once do not leave two
 * thousand processes behind. A watched server is dropped `idleMs` after its last operation
 * ended, and when more than `max` are watched the least recently used one with nothing in
 * flight goes at once. Dropping is the pool's (`onIdle`); the next ensure() registers it anew,
 * and its process starts again on first use.
 */
/** Registrations that share a cap of their own (one user's instances). */
export interface SlotGroup {
  key: string;
  max: number;
}

export class IdleSlots {
  /** Insertion order is use order: the first entry is the least recently used. */
  private readonly entries = new Map<string, { idleMs: number; busy: number; group?: SlotGroup; timer?: NodeJS.Timeout }>();

  constructor(
    private readonly max: number,
    private readonly onIdle: (server: string) => void,
  ) {}

  /**
   * Starts (or restarts) watching a server; may drop the least recently used idle one, of its
   * group when the group is over its own cap (one user's instances), else of all.
   */
  watch(server: string, idleMs: number, group?: SlotGroup): void {
    const busy = this.entries.get(server)?.busy ?? 0;
    this.forget(server);
    this.entries.set(server, { idleMs, busy, group });
    this.arm(server);
    if (group && this.inGroup(group.key) > group.max) this.evictOne(server, group.key);
    if (this.entries.size > this.max) this.evictOne(server);
  }

  private inGroup(key: string): number {
    let n = 0;
    for (const entry of this.entries.values()) if (entry.group?.key === key) n++;
    return n;
  }

  /** Stops watching (the server was re-registered or dropped). */
  forget(server: string): void {
    clearTimeout(this.entries.get(server)?.timer);
    this.entries.delete(server);
  }

  watched(server: string): boolean {
    return this.entries.has(server);
  }

  /** Marks a use: moves the server to the most recently used end and restarts its clock. */
  touch(server: string): void {
    const entry = this.entries.get(server);
    if (!entry) return;
    this.entries.delete(server);
    this.entries.set(server, entry);
    this.arm(server);
  }

  /** An operation starts: a busy server is never dropped. */
  begin(server: string): void {
    const entry = this.entries.get(server);
    if (!entry) return;
    entry.busy++;
    this.touch(server);
  }

  end(server: string): void {
    const entry = this.entries.get(server);
    if (!entry) return;
    entry.busy = Math.max(0, entry.busy - 1);
    this.arm(server);
  }

  clear(): void {
    for (const server of [...this.entries.keys()]) this.forget(server);
  }

  private arm(server: string): void {
    const entry = this.entries.get(server);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.timer = undefined;
    if (entry.busy > 0) return;
    entry.timer = setTimeout(() => this.drop(server), entry.idleMs).unref();
  }

  private evictOne(keep: string, group?: string): void {
    for (const [server, entry] of this.entries) {
      if (server !== keep && entry.busy === 0 && (group === undefined || entry.group?.key === group)) return this.drop(server);
    }
  }

  private drop(server: string): void {
    this.forget(server);
    this.onIdle(server);
  }
}
