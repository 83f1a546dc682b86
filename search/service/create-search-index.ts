import { availableParallelism } from 'node:os';
import type { Client } from '@elastic/elasticsearch';
import type { Logger } from 'pino';
import { EmbeddedBackend } from '../backends/embedded.ts';
import { createLocalModel } from '../embedding/local-model.ts';
import type { EmbeddingProvider } from '../embedding/types.ts';
import { CATALOG_VECTOR_FILE, DEFAULT_MODEL_DIR, localModelFingerprint } from '../embedding/model-files.ts';
import { readVectorFile, withVectorFile } from '../embedding/vector-file.ts';
import type { DocumentVectorStore } from '../embedding/vector-store.ts';
import { RetrievalEngine } from '../engine.ts';
import type { SearchBackend } from '../types.ts';
import type { ElasticsearchCredentials } from './elasticsearch-auth.ts';
import { elasticsearchAuth } from './elasticsearch-auth.ts';
import { SearchIndex } from './search-index.ts';

/** The part of Config the index needs. */
export interface SearchConfig extends ElasticsearchCredentials {
  searchBackend: 'embedded' | 'elasticsearch';
  ELASTICSEARCH_URL?: string;
  ELASTICSEARCH_INDEX: string;
}

export { DEFAULT_MODEL_DIR } from '../embedding/model-files.ts';

let catalogVectors: { embedderId: string; vectors: Map<string, Float32Array> } | null | undefined;

/**
 * The catalog vector file for the local model, read once per process (~13 MB); null when it
 * is missing or belongs to another model version, and the tools are then embedded as usual.
 */
function loadCatalogVectors(embedder: EmbeddingProvider, logger: Logger) {
  if (catalogVectors !== undefined) return catalogVectors;
  const model = localModelFingerprint();
  const vectors = model ? readVectorFile(CATALOG_VECTOR_FILE, { embedderId: embedder.id, model, dimensions: embedder.dimensions }) : undefined;
  catalogVectors = vectors ? { embedderId: embedder.id, vectors } : null;
  if (vectors) logger.debug({ file: CATALOG_VECTOR_FILE, count: vectors.size }, 'catalog vectors loaded');
  else logger.info({ file: CATALOG_VECTOR_FILE }, 'no precomputed catalog vectors for this model: the catalog is embedded at first start (scripts/catalog-vectors.ts computes them)');
  return catalogVectors;
}

const embedders = new Map<string, Promise<EmbeddingProvider>>();

/**
 * Query-embedding worker threads of the service: one per core (at most 4), so concurrent
 * searches embed side by side while the main thread serves HTTP, BM25 and the vector scan.
 */
export const QUERY_WORKERS = Math.max(1, Math.min(4, availableParallelism()));

/**
 * One ONNX session per process and model folder: API and worker of the embedded mode, and the
 * many apps a test run builds, share it instead of loading 90 MB each time. It lives as long
 * as the process: closed by its stop (closeSharedEmbedders).
 */
export function sharedEmbedder(modelDir = DEFAULT_MODEL_DIR): Promise<EmbeddingProvider> {
  let embedder = embedders.get(modelDir);
  if (!embedder) {
    // Two intra-op threads: indexing batches use both cores. Queries run on worker threads
    // with one intra-op thread each (less CPU per query than two, docs/retrieval.md).
    embedder = createLocalModel({ modelDir, threads: 2, queryWorkers: QUERY_WORKERS });
    embedder.catch(() => embedders.delete(modelDir));
    embedders.set(modelDir, embedder);
  }
  return embedder;
}

/**
 * Closes the process's ONNX sessions and their threads, letting a run in progress finish: the
 * last step of a process's stop. Exiting with an embedding thread mid-run aborts the process
 * (SIGABRT), which a background embedding after a rebuild made likely.
 */
export async function closeSharedEmbedders(): Promise<void> {
  const open = [...embedders.values()];
  embedders.clear();
  await Promise.all(open.map((embedder) => embedder.then((e) => e.close?.(), () => undefined)));
}

/** The configured Elasticsearch's client, with its credentials when security is on. */
export async function elasticsearchClient(config: SearchConfig): Promise<Client> {
  // Loaded only for this backend: the client costs the embedded start ~0.2 s of imports.
  const { Client } = await import('@elastic/elasticsearch');
  // Bulk writes of 500 tools with vectors (≈ 2 MB) plus refresh=wait_for can pass 30 s on a loaded machine.
  return new Client({ node: config.ELASTICSEARCH_URL!, auth: elasticsearchAuth(config), requestTimeout: 120_000 });
}

async function createBackend(config: SearchConfig, dimensions: number, logger: Logger): Promise<SearchBackend> {
  if (config.searchBackend === 'embedded') return new EmbeddedBackend({ dimensions });
  // Loaded only for this backend: the client costs the embedded start ~0.2 s of imports.
  const { ElasticsearchBackend } = await import('../backends/elasticsearch.ts');
  const client = await elasticsearchClient(config);
  // wait_for: a tool is searchable when its indexing call returns (POST /v2/index_tools answers counts).
  return new ElasticsearchBackend({ client, alias: config.ELASTICSEARCH_INDEX, dimensions, refresh: 'wait_for', ownsClient: true, logger });
}

/**
 * Builds the configured index (embedded or Elasticsearch) over the shared local embedder;
 * with a vector store, document vectors are embedded once and reused by every rebuild.
 */
export async function createSearchIndex(config: SearchConfig, logger: Logger, vectorStore?: DocumentVectorStore): Promise<SearchIndex> {
  const embedder = await sharedEmbedder();
  const backend = await createBackend(config, embedder.dimensions, logger);
  const file = vectorStore ? loadCatalogVectors(embedder, logger) : null;
  if (vectorStore && file) vectorStore = withVectorFile(vectorStore, file);
  // 100 candidates per list, as bench/quality.ts measures the engine, so the figures carry over.
  const engine = new RetrievalEngine({ backend, embedder, candidates: 100, vectorStore, logger: logger.child({ component: 'search' }) });
  return new SearchIndex(engine, logger.child({ component: 'search' }));
}
