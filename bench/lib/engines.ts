import { Client } from '@elastic/elasticsearch';
import { EmbeddedBackend } from '../../search/backends/embedded.ts';
import { ElasticsearchBackend } from '../../search/backends/elasticsearch.ts';
import { createLocalModel } from '../../search/embedding/local-model.ts';
import { DEFAULT_MODEL_DIR } from '../../search/embedding/model-files.ts';
import type { EmbeddingProvider } from '../../search/embedding/types.ts';
import type { SearchBackend } from '../../search/types.ts';
import { withDiskCache } from './vector-cache.ts';

export type BackendName = 'embedded' | 'elasticsearch';

/** Reads `--name value` pairs; flags without a value read as 'true'. */
export function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) continue;
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      out[a.slice(2)] = next;
      i++;
    } else out[a.slice(2)] = 'true';
  }
  return out;
}

/** The default local model (or SWITCHBOARD_MODEL_DIR's), with a disk cache of document vectors when `cacheFile` is given. */
export async function benchEmbedder(root: string, cacheFile?: string, queryModel: 'fp32' | 'int8' = 'int8', queryWorkers = 0): Promise<EmbeddingProvider & { save?(): void }> {
  const modelDir = process.env.SWITCHBOARD_MODEL_DIR ?? DEFAULT_MODEL_DIR;
  const local = await createLocalModel({ modelDir, threads: Number(process.env.EMBED_THREADS ?? 2), queryModel, queryWorkers });
  return cacheFile ? withDiskCache(local, cacheFile) : local;
}

/** A fresh backend of the given kind; Elasticsearch indices get a unique bench alias (prefix: BENCH_ES_PREFIX, for runs beside others'). */
export function benchBackend(kind: BackendName, dimensions: number, vectorRescore?: number): SearchBackend {
  if (kind === 'embedded') return new EmbeddedBackend({ dimensions, vectorRescore });
  const client = new Client({ node: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200' });
  return new ElasticsearchBackend({ client, alias: `${process.env.BENCH_ES_PREFIX ?? 'switchboard-bench'}-${process.pid}-${Date.now()}`, dimensions, ownsClient: true, refresh: 'wait_for' });
}

/** Deletes what a bench backend created (Elasticsearch indices); the embedded one just goes away. */
export async function dropIndex(backend: SearchBackend): Promise<void> {
  if (backend instanceof ElasticsearchBackend) await backend.destroy();
}
