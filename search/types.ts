/** A tool as the search layer sees it; `id` is opaque to ranking and never indexed as text. */
export interface ToolDocument {
  id: string;
  server: string;
  name: string;
  description: string;
  inputSchema?: Record<string, unknown> | null;
  category?: string | null;
  tags?: string[];
  /** null or absent = public catalog; a user id = that user's custom server or indexed tool. */
  ownerUserId?: string | null;
}

/** Restricts a search; every given condition must hold. */
export interface SearchFilter {
  server?: string;
  servers?: string[];
  category?: string;
  /** Allowed owners; include null for the public catalog. */
  ownerUserIds?: (string | null)[];
}

/** One ranked list entry from a backend: raw BM25 score or cosine similarity. */
export interface ScoredId {
  id: string;
  score: number;
  /**
   * The stored document's content hash, when the backend returns it with the hit
   * (Elasticsearch); `documents` answers a hashed id from its cache without a round trip.
   */
  version?: string;
}

/** Input of `SearchBackend.search`. */
export interface BackendQuery {
  /** Analyzed query tokens (search/text/tokenize.ts `analyze`); empty skips BM25. */
  tokens: string[];
  /**
   * Unit-length query vector; null skips the vector list. May still be pending (the query
   * embedding runs on a worker thread): a backend does its BM25 meanwhile and awaits it for the
   * vector list only, so the two overlap instead of adding up.
   */
  vector: Float32Array | Promise<Float32Array> | null;
  /** Length of each candidate list. */
  size: number;
  filter?: SearchFilter;
  /**
   * Called with the BM25 list as soon as it is known while the vector is still pending, so the
   * caller can work on those candidates while the query embedding runs (search/discover.ts).
   */
  onBm25?: (hits: ScoredId[]) => void;
}

/** The two candidate lists a backend returns; fusion happens above the backend. */
export interface BackendResult {
  bm25: ScoredId[];
  vector: ScoredId[];
  /** Time spent on each list in this process, when the backend can tell them apart (the embedded one). */
  timings?: { bm25Ms: number; vectorMs: number };
}

/** A document with its precomputed vector, as stored by a backend. */
export interface IndexedTool {
  doc: ToolDocument;
  vector: Float32Array;
}

/**
 * The contract both index backends implement (embedded and Elasticsearch) and the shared
 * test suite checks.
 */
export interface SearchBackend {
  readonly kind: 'embedded' | 'elasticsearch';
  /** Inserts or replaces by id. */
  upsert(tools: IndexedTool[]): Promise<void>;
  remove(ids: string[]): Promise<void>;
  search(query: BackendQuery): Promise<BackendResult>;
  /** Number of tools searchable now (optionally under a filter). */
  count(filter?: SearchFilter): Promise<number>;
  /** Replaces the whole index; searches see the old or the new set, never a mix. */
  rebuild(tools: IndexedTool[]): Promise<void>;
  /**
   * Stored documents by id, in the order asked; unknown ids are absent from the map. `versions`
   * (id → `ScoredId.version` from this backend's search hits) lets a backend that keeps copies
   * answer those ids without reading them again; ids without one are always read.
   */
  documents(ids: string[], versions?: ReadonlyMap<string, string>): Promise<Map<string, ToolDocument>>;
  /** The given ids that are in the index (no document bodies: readiness asks it for the whole catalog). */
  has(ids: string[]): Promise<Set<string>>;
  close(): Promise<void>;
}
