import { setImmediate } from 'node:timers/promises';
import type { Bm25Params } from '../bm25.ts';
import { Bm25Index, DEFAULT_BM25 } from '../bm25.ts';
import type { FieldTokens } from '../text/tool-text.ts';
import { fieldTokens } from '../text/tool-text.ts';
import { matchesFilter } from '../filter.ts';
import type { BackendQuery, BackendResult, IndexedTool, SearchBackend, SearchFilter, ToolDocument } from '../types.ts';
import type { Preselect } from './vector-index.ts';
import { VectorIndex } from './vector-index.ts';

/** Documents tokenized between two turns of the event loop during a rebuild. */
const REBUILD_CHUNK = 500;

interface Entry {
  doc: ToolDocument;
  tokens: FieldTokens;
}

/** Options of the in-process backend. */
export interface EmbeddedBackendOptions {
  dimensions: number;
  bm25?: Bm25Params;
  /** Candidates the int8 vector pass hands to the exact one (search/backends/vector-index.ts); 0 = exact scan of every slot. */
  vectorRescore?: number;
  /** The vector scan's sign-bit preselection on large indices (search/backends/vector-index.ts); null: the int8 pass over every slot. */
  vectorPreselect?: Preselect;
}

/**
 * In-process backend for the default mode: the hand-written BM25 plus a scan of every vector
 * (search/backends/vector-index.ts, WebAssembly SIMD: int8 pass, exact fp32 rescoring). Chosen
 * over HNSW by measurement: 10k × 384 in well under 1 ms (bench/retrieve-engine.ts), the exact
 * top-100 kept, no graph to build or maintain on upsert.
 */
export class EmbeddedBackend implements SearchBackend {
  readonly kind = 'embedded' as const;
  private readonly dims: number;
  private readonly bm25Params: Bm25Params;
  private readonly rescore?: number;
  private readonly preselect?: Preselect;
  private bm25: Bm25Index;
  private entries: (Entry | undefined)[] = [];
  private slotOf = new Map<string, number>();
  private free: number[] = [];
  private vectors: VectorIndex;
  /**
   * Counts by filter until the next change: every retrieval asks for the count of its scope
   * (total_tools_searched), and walking 10k documents through the filter took ~1 ms a request.
   */
  private counts = new Map<string, number>();

  constructor(options: EmbeddedBackendOptions) {
    this.dims = options.dimensions;
    this.bm25Params = options.bm25 ?? DEFAULT_BM25;
    this.rescore = options.vectorRescore;
    this.preselect = options.vectorPreselect;
    this.bm25 = new Bm25Index(this.bm25Params);
    this.vectors = new VectorIndex(this.dims, this.rescore, undefined, this.preselect);
  }

  async upsert(tools: IndexedTool[]): Promise<void> {
    this.counts.clear();
    for (const { doc, vector } of tools) {
      if (vector.length !== this.dims) throw new Error(`vector of ${doc.id} has ${vector.length} dimensions, expected ${this.dims}`);
      const old = this.slotOf.get(doc.id);
      if (old !== undefined) this.removeSlot(old);
      const slot = this.free.pop() ?? this.entries.length;
      const entry = { doc, tokens: fieldTokens(doc) };
      this.entries[slot] = entry;
      this.slotOf.set(doc.id, slot);
      this.bm25.add(slot, entry.tokens);
      this.vectors.set(slot, vector);
    }
  }

  async remove(ids: string[]): Promise<void> {
    this.counts.clear();
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined) this.removeSlot(slot);
    }
  }

  async search(query: BackendQuery): Promise<BackendResult> {
    const allowed = query.filter ? (slot: number) => matchesFilter(this.entries[slot]!.doc, query.filter) : undefined;
    const toIds = (hits: { slot: number; score: number }[]) => hits.map((h) => ({ id: this.entries[h.slot]!.doc.id, score: h.score }));
    const t0 = performance.now();
    // BM25 first, while a pending query vector is still being computed on its worker thread;
    // its slots become ids before the await, since an index change may reuse a slot meanwhile.
    const bm25 = query.tokens.length ? toIds(this.bm25.search(query.tokens, query.size, allowed)) : [];
    const t1 = performance.now();
    if (query.vector instanceof Promise) query.onBm25?.(bm25);
    const q = query.vector ? await query.vector : null;
    const t2 = performance.now();
    const vector = q ? toIds(this.vectors.search(q, query.size, this.entries.length, allowed)) : [];
    return { bm25, vector, timings: { bm25Ms: t1 - t0, vectorMs: performance.now() - t2 } };
  }

  async count(filter?: SearchFilter): Promise<number> {
    if (!filter) return this.slotOf.size;
    const key = JSON.stringify([filter.server, filter.servers, filter.category, filter.ownerUserIds]);
    const known = this.counts.get(key);
    if (known !== undefined) return known;
    let n = 0;
    for (const e of this.entries) if (e && matchesFilter(e.doc, filter)) n++;
    if (this.counts.size >= 1_000) this.counts.clear();
    this.counts.set(key, n);
    return n;
  }

  async rebuild(tools: IndexedTool[]): Promise<void> {
    // Build aside, then swap the references in one synchronous step: a concurrent search sees
    // either the old or the new index.
    const next = new EmbeddedBackend({ dimensions: this.dims, bm25: this.bm25Params, vectorRescore: this.rescore, vectorPreselect: this.preselect });
    for (let i = 0; i < tools.length; i += REBUILD_CHUNK) {
      await next.upsert(tools.slice(i, i + REBUILD_CHUNK));
      // Tokenizing the catalog holds this thread for about a second: between chunks, the
      // callbacks of what starts alongside (the Temporal worker of a process start) get to run.
      await setImmediate();
    }
    this.bm25 = next.bm25;
    this.entries = next.entries;
    this.slotOf = next.slotOf;
    this.free = next.free;
    this.vectors = next.vectors;
    this.counts.clear();
  }

  async documents(ids: string[]): Promise<Map<string, ToolDocument>> {
    const out = new Map<string, ToolDocument>();
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined) out.set(id, this.entries[slot]!.doc);
    }
    return out;
  }

  async has(ids: string[]): Promise<Set<string>> {
    return new Set(ids.filter((id) => this.slotOf.has(id)));
  }

  async close(): Promise<void> {}

  private removeSlot(slot: number): void {
    const entry = this.entries[slot]!;
    this.bm25.remove(slot, entry.tokens);
    this.entries[slot] = undefined;
    this.vectors.clear(slot);
    this.slotOf.delete(entry.doc.id);
    this.free.push(slot);
  }
}
