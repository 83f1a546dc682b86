import { setImmediate } from 'node:timers/promises';
import type { Bm25Params } from '../bm25.ts';
import { Bm25Index, DEFAULT_BM25 } from '../bm25.ts';
import type { FieldTokens } from '../text/tool-text.ts';
import { fieldTokens } from '../text/tool-text.ts';
import { matchesFilter } from '../filter.ts';
import type { BackendQuery, BackendResult, IndexedTool, SearchBackend, SearchFilter, ToolDocument } from '../types.ts';
import type { Preselect } from './vector-index.ts';
import { VectorIndex } from './vector-index.ts';

/** Up to this many slots, a search restricted to servers scores each one instead of scanning the index. */
const FEW_SLOTS = 2_000;

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
  /** Slots by server: a search restricted to a few servers scores their tools only (`searchSlots`). */
  private slotsOfServer = new Map<string, Set<number>>();
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
      this.serverSlots(doc.server).add(slot);
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
    const few = this.fewServersSlots(query.filter);
    if (few) return this.searchSlots(query, few);
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
    this.slotsOfServer = next.slotsOfServer;
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

  private serverSlots(server: string): Set<number> {
    let slots = this.slotsOfServer.get(server);
    if (!slots) this.slotsOfServer.set(server, (slots = new Set()));
    return slots;
  }

  /** The slots a filter on a few servers allows, when they are few enough to score one by one (else null: the scans). */
  private fewServersSlots(filter: SearchFilter | undefined): number[] | null {
    if (!filter?.servers) return null;
    const slots: number[] = [];
    for (const server of filter.servers) {
      for (const slot of this.slotsOfServer.get(server) ?? []) {
        if (slots.length === FEW_SLOTS) return null;
        if (matchesFilter(this.entries[slot]!.doc, filter)) slots.push(slot);
      }
    }
    return slots;
  }

  /** `search` over the given slots alone: the same scores as the scans, each slot scored directly. */
  private async searchSlots(query: BackendQuery, slots: number[]): Promise<BackendResult> {
    const best = (at: readonly number[], scores: number[], keep: (score: number) => boolean) =>
      at.map((slot, i) => ({ id: this.entries[slot]!.doc.id, score: scores[i] })).filter((h) => keep(h.score))
        .sort((a, c) => c.score - a.score || a.id.localeCompare(c.id)).slice(0, query.size);
    const ids = slots.map((slot) => this.entries[slot]!.doc.id);
    const t0 = performance.now();
    const bm25 = query.tokens.length ? best(slots, this.bm25.scoreSlots(query.tokens, slots, (slot) => this.entries[slot]!.tokens), (score) => score > 0) : [];
    const t1 = performance.now();
    if (query.vector instanceof Promise) query.onBm25?.(bm25);
    const q = query.vector ? await query.vector : null;
    const t2 = performance.now();
    // An index change while the vector was awaited may have moved or dropped some of them.
    const now = ids.flatMap((id) => this.slotOf.get(id) ?? []);
    const vector = q ? best(now, this.vectors.scoreSlots(q, now), () => true) : [];
    return { bm25, vector, timings: { bm25Ms: t1 - t0, vectorMs: performance.now() - t2 } };
  }

  private removeSlot(slot: number): void {
    const entry = this.entries[slot]!;
    this.bm25.remove(slot, entry.tokens);
    this.entries[slot] = undefined;
    this.vectors.clear(slot);
    this.slotOf.delete(entry.doc.id);
    const server = this.slotsOfServer.get(entry.doc.server);
    server?.delete(slot);
    if (server?.size === 0) this.slotsOfServer.delete(entry.doc.server);
    this.free.push(slot);
  }
}
