import type { Logger } from 'pino';
import type { RetrievalEngine } from '../engine.ts';
import type { ToolDocument } from '../types.ts';

/**
 * The running service's one handle on the tool index: the engine plus a generation number that
 * grows on every write, so response caches can tell when the index changed. Indexing activities
 * write through it (the same object the API searches in the embedded mode); searches go to its
 * engine (`discover(search.engine, ...)`), since reading changes nothing here.
 */
export class SearchIndex {
  private gen = 0;
  /** Ids indexed with a zero vector by `rebuild`, until their background embedding lands. */
  private unembedded = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private readonly closers: (() => void)[] = [];

  constructor(readonly engine: RetrievalEngine, private readonly logger?: Logger) {}

  get kind(): 'embedded' | 'elasticsearch' {
    return this.engine.backend.kind;
  }

  /** Identifier of the model the index vectors come from, e.g. `local:all-minilm-l6-v2`. */
  get embedderId(): string {
    return this.engine.embedder.id;
  }

  get generation(): number {
    return this.gen;
  }

  /** Called after every change of the index, here or (through `markChanged`) in another process. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  markChanged(): void {
    this.gen++;
    for (const listener of this.listeners) listener();
  }

  async upsert(docs: ToolDocument[]): Promise<void> {
    if (docs.length === 0) return;
    await this.engine.index(docs);
    for (const doc of docs) this.unembedded.delete(doc.id);
    this.markChanged();
  }

  async remove(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.engine.backend.remove(ids);
    for (const id of ids) this.unembedded.delete(id);
    this.markChanged();
  }

  /**
   * Replaces the index. Tools whose vectors are stored are searchable at once; the others
   * (a catalog still being embedded elsewhere) are embedded in the background, so a process
   * start never waits minutes for the embedding of thousands of tools.
   */
  async rebuild(docs: ToolDocument[]): Promise<void> {
    const pending = await this.engine.rebuildFromStore(docs);
    this.unembedded = new Set(pending.map((doc) => doc.id));
    this.markChanged();
    this.logger?.info({ count: docs.length, pending: pending.length, backend: this.kind }, 'search index rebuilt from the database');
    if (pending.length) {
      this.upsert(pending).then(
        () => this.logger?.info({ count: pending.length }, 'background embedding of the rebuild finished'),
        (err: unknown) => this.logger?.warn({ err }, 'background embedding of the rebuild failed'),
      );
    }
  }

  /**
   * How many of `ids` are searchable as in steady state: in the index with their own vector
   * (not the zero vector a rebuild gives tools whose embedding is still running).
   */
  async searchable(ids: string[]): Promise<number> {
    const present = await this.engine.backend.has(ids);
    let n = 0;
    for (const id of present) if (!this.unembedded.has(id)) n++;
    return n;
  }

  /** Throws when the backend cannot answer (GET /health `search` probe). */
  async probe(): Promise<void> {
    await this.engine.backend.count();
  }

  /** Runs `fn` when the index closes (timers of watchers). */
  onClosed(fn: () => void): void {
    this.closers.push(fn);
  }

  async close(): Promise<void> {
    for (const fn of this.closers.splice(0)) fn();
    await this.engine.backend.close();
  }
}
