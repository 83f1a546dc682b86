import { errors, type Client } from '@elastic/elasticsearch';
import type { Logger } from 'pino';
import type { Bm25Params } from '../bm25.ts';
import { DEFAULT_BM25 } from '../bm25.ts';
import type { BackendQuery, BackendResult, IndexedTool, ScoredId, SearchBackend, SearchFilter, ToolDocument } from '../types.ts';
import type { DocumentCacheStats } from './elasticsearch-documents.ts';
import { DOC_HASH_FIELD, DocumentCache } from './elasticsearch-documents.ts';
import { bm25Query, DOC_HASH_MAPPING, filterClauses, indexBody, toSource } from './elasticsearch-mapping.ts';

/** Options of the Elasticsearch backend. */
export interface ElasticsearchBackendOptions {
  client: Client;
  /** Alias that searches and writes go through; concrete indices are `<alias>-<timestamp>`. */
  alias: string;
  dimensions: number;
  bm25?: Bm25Params;
  /** Refresh after writes: `wait_for` makes them searchable before the call returns (tests, benches). */
  refresh?: boolean | 'wait_for';
  /** Close the client in `close()`. */
  ownsClient?: boolean;
  logger?: Logger;
  /**
   * Bound of the document cache, in characters of the documents' JSON (default 16 million:
   * ~11 MB of heap, ~28,000 tools of the bench corpus, docs/retrieval.md); 0 turns it off.
   */
  documentCacheChars?: number;
}

type Hit = { _id?: string | null; _score?: number | null; fields?: Record<string, unknown> };

/** A hit's id, score and content hash (absent on documents written before the hash existed). */
const scored = (hits: Hit[]): ScoredId[] =>
  hits.map((h) => {
    const hash = (h.fields?.[DOC_HASH_FIELD] as string[] | undefined)?.[0];
    return hash === undefined ? { id: h._id!, score: h._score ?? 0 } : { id: h._id!, score: h._score ?? 0, version: hash };
  });

/**
 * Elasticsearch 8 backend: BM25 `multi_match` over pre-analyzed fields and `knn` over a cosine
 * `dense_vector`, sent together in one `_msearch` (or, while the query vector is still being
 * computed, the BM25 search at once and the kNN one when the vector is there); the lists are fused by the engine because
 * the integ-test server has no RRF retriever. Writes go through an alias, and `rebuild` fills a
 * new index and swaps the alias in one `_aliases` call, so searches never see a half-built index.
 * Hits carry each document's content hash (a doc-values field), and `documents` answers the
 * hashes it has seen from an in-process cache: the `mget` of the candidates' documents, a second
 * round trip per retrieval, happens only for documents new to this process or changed since.
 */
export class ElasticsearchBackend implements SearchBackend {
  readonly kind = 'elasticsearch' as const;
  private readonly client: Client;
  private readonly alias: string;
  private readonly dims: number;
  private readonly bm25: Bm25Params;
  private readonly refresh: boolean | 'wait_for';
  private ready?: Promise<void>;
  private readonly docCache: DocumentCache | null;
  /** Reads in flight, by the content hash of the hit that asked: `documents` joins one rather than repeating it. */
  private readonly reading = new Map<string, { id: string; read: Promise<Map<string, ToolDocument>> }>();

  constructor(private readonly options: ElasticsearchBackendOptions) {
    this.client = options.client;
    this.alias = options.alias;
    this.dims = options.dimensions;
    this.bm25 = options.bm25 ?? DEFAULT_BM25;
    this.refresh = options.refresh ?? false;
    const chars = options.documentCacheChars ?? 16_000_000;
    this.docCache = chars > 0 ? new DocumentCache(chars) : null;
  }

  async upsert(tools: IndexedTool[]): Promise<void> {
    await this.ensureIndex();
    await this.bulk(this.alias, tools, this.refresh);
  }

  async remove(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.ensureIndex();
    const res = await this.client.bulk({ refresh: this.refresh, operations: ids.map((id) => ({ delete: { _index: this.alias, _id: id } })) });
    const failed = res.items.filter((i) => i.delete?.error && i.delete.status !== 404);
    if (failed.length) throw new Error(`elasticsearch delete failed for ${failed.length} tools: ${JSON.stringify(failed[0].delete?.error)}`);
  }

  async search(query: BackendQuery): Promise<BackendResult> {
    await this.ensureIndex();
    const wantBm25 = query.tokens.length > 0 && query.size > 0;
    const wantKnn = query.vector !== null && query.size > 0;
    // The content hash comes from doc values: no stored source is read for the hits.
    const source = { _source: false, track_total_hits: false, docvalue_fields: [DOC_HASH_FIELD] };
    const bm25Body = { ...source, size: query.size, query: bm25Query(query.tokens, this.bm25, query.filter) };
    const knnBody = (vector: Float32Array) => ({
      ...source,
      size: query.size,
      knn: { field: 'vector', query_vector: Array.from(vector), k: query.size, num_candidates: Math.max(100, query.size * 2), filter: filterClauses(query.filter) },
    });
    // ES reports cosine as (1 + cos) / 2; turn it back into the cosine the fusion expects.
    const cosines = (hits: ScoredId[]) => hits.map((h) => ({ ...h, score: 2 * h.score - 1 }));
    if (wantBm25 && wantKnn && query.vector instanceof Promise) {
      // The query vector is still being computed: the BM25 request goes now and the kNN one when
      // the vector is there, so the embedding overlaps Elasticsearch's BM25 round trip.
      const pending = query.vector;
      const [bm25, knn] = await Promise.all([
        this.client.search({ index: this.alias, ...bm25Body }).then((res) => {
          const hits = scored(res.hits.hits);
          query.onBm25?.(hits);
          return hits;
        }),
        pending.then((vector) => this.client.search({ index: this.alias, ...knnBody(vector) })),
      ]);
      return { bm25, vector: cosines(scored(knn.hits.hits)) };
    }
    const vector = wantKnn ? await query.vector! : null;
    const searches: object[] = [];
    if (wantBm25) searches.push({ index: this.alias }, bm25Body);
    if (vector) searches.push({ index: this.alias }, knnBody(vector));
    if (searches.length === 0) return { bm25: [], vector: [] };
    const res = await this.client.msearch({ searches });
    const lists = res.responses.map((r) => {
      if ('error' in r) throw new Error(`elasticsearch search failed: ${JSON.stringify(r.error)}`);
      return scored(r.hits.hits);
    });
    const bm25 = wantBm25 ? lists.shift()! : [];
    return { bm25, vector: vector ? cosines(lists.shift()!) : [] };
  }

  async count(filter?: SearchFilter): Promise<number> {
    await this.ensureIndex();
    const res = await this.client.count({ index: this.alias, query: { bool: { filter: filterClauses(filter) } } });
    return res.count;
  }

  async rebuild(tools: IndexedTool[]): Promise<void> {
    await this.ensureIndex();
    const next = await this.createIndex();
    await this.bulk(next, tools, false);
    await this.client.indices.refresh({ index: next });
    const stale = await this.swapAliasTo(next);
    if (stale.length) await this.client.indices.delete({ index: stale }, { ignore: [404] });
    this.options.logger?.info({ alias: this.alias, index: next, count: tools.length }, 'search index swapped');
  }

  async documents(ids: string[], versions?: ReadonlyMap<string, string>): Promise<Map<string, ToolDocument>> {
    const found = new Map<string, ToolDocument>();
    const missing: string[] = [];
    const work: Promise<void>[] = [];
    for (const id of ids) {
      const hash = versions?.get(id);
      // A read of this very content already on its way (discover's BM25 head start asks for the
      // same candidates moments before the fused list does): wait for it instead of a second mget.
      const pending = hash !== undefined ? this.reading.get(hash) : undefined;
      if (pending?.id === id) {
        work.push(
          pending.read.then((docs) => {
            const doc = docs.get(id);
            if (doc) found.set(id, doc);
          }),
        );
        continue;
      }
      const doc = hash !== undefined ? this.docCache?.get(id, hash) : undefined;
      if (doc) found.set(id, doc);
      else missing.push(id);
    }
    if (missing.length > 0) {
      if (this.docCache && versions) this.docCache.misses += missing.filter((id) => !versions.has(id)).length;
      work.push(
        this.read(missing, versions).then((docs) => {
          for (const [id, doc] of docs) found.set(id, doc);
        }),
      );
    }
    // Promise.all subscribes to every read, so none is left with an unhandled rejection.
    await Promise.all(work);
    if (work.length === 0) return found;
    const out = new Map<string, ToolDocument>();
    for (const id of ids) {
      const doc = found.get(id);
      if (doc) out.set(id, doc);
    }
    return out;
  }

  /** One mget of these ids, announced under the hits' hashes in `reading` while it runs. */
  private read(ids: string[], versions?: ReadonlyMap<string, string>): Promise<Map<string, ToolDocument>> {
    const read = (async () => {
      await this.ensureIndex();
      // Real-time: the newest write of each, which may be newer than the hit that named it.
      const res = await this.client.mget<{ doc: ToolDocument; doc_hash?: string }>({ index: this.alias, ids, _source_includes: ['doc', DOC_HASH_FIELD] });
      const docs = new Map<string, ToolDocument>();
      for (const d of res.docs) {
        if (!('found' in d) || !d.found || !d._source) continue;
        // Kept under the hash written with this very content, never under the one the hit had.
        const hash = d._source.doc_hash;
        docs.set(d._id, hash !== undefined && this.docCache ? this.docCache.keep(hash, d._source.doc) : d._source.doc);
      }
      return docs;
    })();
    const announced: string[] = [];
    for (const id of ids) {
      const hash = versions?.get(id);
      if (hash === undefined || this.reading.has(hash)) continue;
      this.reading.set(hash, { id, read });
      announced.push(hash);
    }
    const done = () => {
      for (const hash of announced) if (this.reading.get(hash)?.read === read) this.reading.delete(hash);
    };
    // Settled either way; the caller awaits `read` itself and meets its error there.
    read.then(done, done);
    return read;
  }

  /** The document cache's hits and misses (benchmarks); null when it is off. */
  documentCacheStats(): DocumentCacheStats | null {
    return this.docCache?.stats() ?? null;
  }

  async has(ids: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    if (ids.length === 0) return out;
    await this.ensureIndex();
    for (let i = 0; i < ids.length; i += 2_000) {
      const res = await this.client.mget({ index: this.alias, ids: ids.slice(i, i + 2_000), _source: false });
      for (const d of res.docs) if ('found' in d && d.found) out.add(d._id);
    }
    return out;
  }

  /** Deletes every index behind the alias (tests and benchmarks clean up with it). */
  async destroy(): Promise<void> {
    const indices = await this.indicesBehindAlias();
    if (indices.length) await this.client.indices.delete({ index: indices });
    this.ready = undefined;
    this.docCache?.clear();
  }

  async close(): Promise<void> {
    if (this.options.ownsClient) await this.client.close();
  }

  /**
   * The first index has a fixed name and gets the alias as it is created: processes starting
   * together each find no alias, and only one creation can succeed (the others' is "already
   * exists"), where random names used to leave the alias with two write indices. Rebuilds
   * swap to fresh names later.
   */
  private ensureIndex(): Promise<void> {
    this.ready ??= (async () => {
      if (await this.client.indices.existsAlias({ name: this.alias })) {
        // An index made before the content hash existed gets its field (adding one is allowed).
        await this.addHashField(this.alias);
        return;
      }
      const first = `${this.alias}-first`;
      try {
        await this.client.indices.create({ index: first, ...indexBody(this.dims, this.bm25), aliases: { [this.alias]: { is_write_index: true } } });
      } catch (err) {
        if (!(err instanceof errors.ResponseError && err.body?.error?.type === 'resource_already_exists_exception')) throw err;
        // Another process is creating it: its primary shard must have started before we search it.
        await this.client.cluster.health({ index: first, wait_for_active_shards: 1, timeout: '60s' });
      }
    })().catch((err: unknown) => {
      this.ready = undefined;
      throw err;
    });
    return this.ready;
  }

  /**
   * Points the alias at `index` alone, in one atomic update, and answers what it took the alias
   * off. Replicas starting together each rebuild: an update computed before another process's
   * swap would leave two write indices, which Elasticsearch refuses (illegal_state_exception);
   * it is then computed again from what is behind the alias now. The last swap wins.
   */
  private async swapAliasTo(index: string): Promise<string[]> {
    for (let attempt = 1; ; attempt++) {
      const behind = (await this.indicesBehindAlias()).filter((name) => name !== index);
      try {
        await this.client.indices.updateAliases({
          actions: [...behind.map((name) => ({ remove: { index: name, alias: this.alias } })), { add: { index, alias: this.alias, is_write_index: true } }],
        });
        return behind;
      } catch (err) {
        const raced = err instanceof errors.ResponseError && ['illegal_state_exception', 'aliases_not_found_exception'].includes(err.body?.error?.type);
        if (!raced || attempt >= 5) throw err;
        await new Promise((resolve) => setTimeout(resolve, 25 * attempt + Math.random() * 50));
      }
    }
  }

  private async createIndex(): Promise<string> {
    const index = `${this.alias}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    await this.client.indices.create({ index, ...indexBody(this.dims, this.bm25) });
    return index;
  }

  private async indicesBehindAlias(): Promise<string[]> {
    const res = await this.client.indices.getAlias({ name: this.alias }, { ignore: [404] });
    return Object.keys(res ?? {}).filter((k) => k !== 'error' && k !== 'status');
  }

  private async addHashField(index: string): Promise<void> {
    await this.client.indices.putMapping({ index, properties: DOC_HASH_MAPPING });
  }

  private async bulk(index: string, tools: IndexedTool[], refresh: boolean | 'wait_for'): Promise<void> {
    for (let i = 0; i < tools.length; i += 500) {
      const chunk = tools.slice(i, i + 500);
      const write = () =>
        this.client.bulk({ refresh: i + 500 >= tools.length ? refresh : false, operations: chunk.flatMap((t) => [{ index: { _index: index, _id: t.doc.id } }, toSource(t)]) });
      let res = await write();
      if (res.errors && res.items.some((it) => it.index?.error?.type === 'strict_dynamic_mapping_exception')) {
        // The alias moved to an index built without the hash field after `ensureIndex` ran (a
        // rebuild by a process of the previous version): give it the field and write again.
        await this.addHashField(index);
        res = await write();
      }
      if (res.errors) {
        const first = res.items.find((it) => it.index?.error);
        throw new Error(`elasticsearch bulk indexing failed: ${JSON.stringify(first?.index?.error)}`);
      }
    }
  }
}
