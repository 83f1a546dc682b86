import type { Logger } from 'pino';
import type { EmbeddingProvider } from './embedding/types.ts';
import type { DocumentVectorStore } from './embedding/vector-store.ts';
import { embedWithStore, textKey } from './embedding/vector-store.ts';
import { QueryEmbeddingCache } from './embedding/query-cache.ts';
import type { FusedHit, FusionConfig } from './fusion.ts';
import { DEFAULT_FUSION, fuse } from './fusion.ts';
import { analyze } from './text/tokenize.ts';
import { embeddingText } from './text/tool-text.ts';
import type { VectorStage } from './user-spaces/stage.ts';
import type { IndexedTool, ScoredId, SearchBackend, SearchFilter, ToolDocument } from './types.ts';

/** Dependencies and tuning of a `RetrievalEngine`. */
export interface RetrievalEngineOptions {
  backend: SearchBackend;
  embedder: EmbeddingProvider;
  fusion?: FusionConfig;
  /** Length of each candidate list before fusion (at least topK). */
  candidates?: number;
  queryCacheSize?: number;
  /** Keeps document vectors across rebuilds and restarts (query vectors are never stored). */
  vectorStore?: DocumentVectorStore;
  logger?: Logger;
}

/** One retrieval: query text, how many, and an optional scope. */
export interface RetrieveRequest {
  query: string;
  /** Text for BM25 when it differs from `query` (the rewritten query); the embedding uses `query`. */
  bm25Query?: string;
  topK: number;
  filter?: SearchFilter;
  /** A step over the vector list before fusion: the user's own vector space (search/user-spaces/stage.ts). */
  vectorStage?: VectorStage;
  /** The backend's BM25 list, as soon as it is known (BackendQuery.onBm25). */
  onBm25?: (hits: ScoredId[]) => void;
  /**
   * Completes the pool with the best other tools of the servers that lead the fused list
   * (`SiblingExpansion`): a task that needs one tool of a server usually needs its siblings too.
   */
  siblings?: SiblingExpansion;
}

/**
 * How the pool is completed with the leading servers' other tools: the first `servers` distinct
 * servers among the fused hits, and a second search restricted to them for their best
 * `servers × perServer` tools by BM25 and by vector (one server may take them all). Their hits extend the two lists past their ends (a tool outside a list of the best N
 * scores no higher than its last entry, so the lists stay sorted) and join the pool, which keeps
 * every hit it had (their ranks in the lists, so their fused relevance, do not change).
 */
export interface SiblingExpansion {
  servers: number;
  perServer: number;
}

/**
 * Where a retrieval's wall time went, in ms. The query embedding runs on a worker thread while
 * the backend does BM25, so `embedMs` (from the start until the vector was there; 0 when it was
 * cached) overlaps `analyzeMs` and `bm25Ms`. `bm25Ms`/`vectorMs` are null when the backend cannot tell them apart (Elasticsearch).
 */
export interface RetrieveTimings {
  analyzeMs: number;
  embedMs: number;
  bm25Ms: number | null;
  vectorMs: number | null;
  /** The backend call as a whole (BM25, waiting for the vector, vector list). */
  searchMs: number;
  fuseMs: number;
}

/** Fused hits plus each part, so callers and benchmarks can see BM25 and vectors apart. */
export interface RetrieveResult {
  hits: FusedHit[];
  bm25: ScoredId[];
  vector: ScoredId[];
  tokens: string[];
  timings: RetrieveTimings;
}

/**
 * Hybrid retrieval (design decision 4): analyzed BM25 tokens and the query embedding go to the
 * backend in one call; the two candidate lists are fused here, identically for both backends.
 */
export class RetrievalEngine {
  readonly backend: SearchBackend;
  readonly embedder: EmbeddingProvider;
  readonly queryCache: QueryEmbeddingCache;
  private readonly fusion: FusionConfig;
  private readonly candidates: number;
  private readonly logger?: Logger;
  private readonly vectorStore?: DocumentVectorStore;

  constructor(options: RetrievalEngineOptions) {
    this.backend = options.backend;
    this.embedder = options.embedder;
    this.fusion = options.fusion ?? DEFAULT_FUSION;
    this.candidates = options.candidates ?? 50;
    this.queryCache = new QueryEmbeddingCache(options.embedder, options.queryCacheSize);
    this.logger = options.logger;
    this.vectorStore = options.vectorStore;
  }

  /** Embeds tools (their text per search/text/tool-text.ts) for indexing. */
  async embedTools(docs: ToolDocument[]): Promise<IndexedTool[]> {
    const texts = docs.map(embeddingText);
    const vectors = this.vectorStore ? await embedWithStore(this.embedder, this.vectorStore, texts) : await this.embedder.embed(texts);
    return docs.map((doc, i) => ({ doc, vector: vectors[i] }));
  }

  /** Embeds and upserts tools; idempotent by id. */
  async index(docs: ToolDocument[]): Promise<void> {
    if (docs.length === 0) return;
    await this.backend.upsert(await this.embedTools(docs));
    this.logger?.debug({ count: docs.length, backend: this.backend.kind }, 'tools indexed');
  }

  /**
   * Rebuilds at once from stored vectors and returns the documents that still need embedding.
   * Those are indexed meanwhile with a zero vector, so BM25 finds them; the caller embeds them
   * later with `index`. Embedded backend only: Elasticsearch refuses zero vectors for cosine.
   */
  async rebuildFromStore(docs: ToolDocument[]): Promise<ToolDocument[]> {
    if (!this.vectorStore || this.backend.kind !== 'embedded') {
      await this.rebuild(docs);
      return [];
    }
    const keys = docs.map((doc) => textKey(embeddingText(doc)));
    const known = await this.vectorStore.get(this.embedder.id, [...new Set(keys)]);
    const zero = new Float32Array(this.embedder.dimensions);
    await this.backend.rebuild(docs.map((doc, i) => ({ doc, vector: known.get(keys[i]) ?? zero })));
    return docs.filter((_, i) => !known.has(keys[i]));
  }

  /** Replaces the whole index atomically (alias swap on Elasticsearch). */
  async rebuild(docs: ToolDocument[]): Promise<void> {
    await this.backend.rebuild(await this.embedTools(docs));
    this.logger?.info({ count: docs.length, backend: this.backend.kind }, 'index rebuilt');
  }

  /** Retrieves up to topK fused hits, best first; `fusion` overrides the configured method. */
  async retrieve(request: RetrieveRequest, fusion: FusionConfig = this.fusion): Promise<RetrieveResult> {
    const t0 = performance.now();
    // The embedding goes to its worker thread first; the analysis and the backend's BM25 run
    // on this thread meanwhile (before, they waited for it and the two added up).
    let embedMs = 0;
    let vector: Float32Array | Promise<Float32Array> | null = null;
    if (fusion.method !== 'bm25') {
      const cached = this.queryCache.lookup(request.query);
      if (cached) vector = cached;
      else {
        const pending = this.queryCache.embed(request.query).then((v) => {
          embedMs = performance.now() - t0;
          return v;
        });
        // Handled by the backend's await; this keeps a search that fails before it from leaving the rejection unhandled.
        pending.catch(() => {});
        vector = pending;
      }
    }
    const tokens = analyze(request.bm25Query ?? request.query);
    const t1 = performance.now();
    const size = Math.max(this.candidates, request.topK);
    const lists = await this.backend.search({ tokens: fusion.method === 'vector' ? [] : tokens, vector, size, filter: request.filter, onBm25: request.onBm25 });
    const t2 = performance.now();
    // The user's own space re-scores their tools in the vector list (search/user-spaces/stage.ts).
    let vectorList = request.vectorStage && fusion.method !== 'bm25' ? await request.vectorStage(lists.vector, size) : lists.vector;
    let bm25List = lists.bm25;
    let hits = fuse(bm25List, vectorList, fusion).slice(0, request.topK);
    const t3 = performance.now();
    if (request.siblings && !request.filter?.server && !request.filter?.servers) {
      const more = await this.siblingLists(request, hits, tokens, vector, request.siblings);
      if (more) {
        const extend = (list: ScoredId[], extra: ScoredId[]) => {
          const known = new Set(list.map((h) => h.id));
          return [...list, ...extra.filter((h) => !known.has(h.id))];
        };
        bm25List = extend(bm25List, more.bm25);
        vectorList = extend(vectorList, more.vector);
        const inPool = new Set(hits.map((h) => h.id));
        const added = new Set([...more.bm25, ...more.vector].map((h) => h.id).filter((id) => !inPool.has(id)));
        hits = fuse(bm25List, vectorList, fusion).filter((h) => inPool.has(h.id) || added.has(h.id));
      }
    }
    const t4 = performance.now();
    return {
      hits,
      bm25: bm25List,
      vector: vectorList,
      tokens,
      timings: { analyzeMs: t1 - t0, embedMs, bm25Ms: lists.timings?.bm25Ms ?? null, vectorMs: lists.timings?.vectorMs ?? null, searchMs: t2 - t1 + (t4 - t3), fuseMs: t3 - t2 },
    };
  }

  /** The second search of `SiblingExpansion`: the leading servers' best tools by BM25 and by vector. */
  private async siblingLists(request: RetrieveRequest, hits: FusedHit[], tokens: string[], vector: Float32Array | Promise<Float32Array> | null, expansion: SiblingExpansion) {
    const lead = await this.backend.documents(hits.slice(0, expansion.servers * 4).map((h) => h.id));
    const servers: string[] = [];
    for (const h of hits) {
      const server = lead.get(h.id)?.server;
      if (server !== undefined && !servers.includes(server)) servers.push(server);
      if (servers.length === expansion.servers) break;
    }
    if (!servers.length) return null;
    const size = expansion.servers * expansion.perServer;
    const lists = await this.backend.search({ tokens, vector: vector ? await vector : null, size, filter: { ...request.filter, servers } });
    const vectorList = request.vectorStage && vector ? await request.vectorStage(lists.vector, size) : lists.vector;
    return { bm25: lists.bm25, vector: vectorList };
  }
}
