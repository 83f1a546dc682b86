import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rawRows } from '../../db/jobs/raw-rows.ts';
import { createDocumentVectorStore } from '../../db/retrieval/document-vectors.ts';
import type { EmbeddingProvider } from '../../search/embedding/types.ts';
import { textKey } from '../../search/embedding/vector-store.ts';
import { embeddingText } from '../../search/text/tool-text.ts';
import type { ToolDocument } from '../../search/types.ts';
import { benchEmbedder } from './engines.ts';
import { withDiskCache } from './vector-cache.ts';
import { synthesisParents } from './synthesize.ts';

/**
 * Share of the copied tool's vector in a mixed vector (the rest: the tool its sentence and
 * parameters come from). Measured on the 7,521 cached synthesized tools of the 10k corpus: their
 * real embeddings have cosine 0.82 to the copied tool's and 0.45 to the other's; 0.7/0.3 comes
 * closest to the real embedding (cosine 0.879; 0.6: 0.867, 0.8: 0.872).
 */
const MIX = 0.7;

/** A tool as bench/retrieve.ts posts it to POST /v2/index_tools. */
export interface PostedTool {
  name: string;
  server: string;
  description: string;
  input_schema?: unknown;
  category?: string;
}

/**
 * Vectors for the texts at positions from `mixFrom` on (of a corpus grown by synthesize() from
 * `originals` real tools) that the disk cache lacks: MIX of the copied tool's vector and the rest
 * of the other source tool's, normalised, instead of an fp32 embedding (100,000 tools would take
 * hours of embedding here). The latency of a scan does not depend on where a vector came from,
 * only on there being as many and of the real corpus's spread.
 */
export async function mixedVectors(
  embedder: EmbeddingProvider & { cached(text: string): Float32Array | undefined },
  texts: string[],
  options: { mixFrom?: number; originals?: number },
): Promise<Map<string, Float32Array>> {
  const mixed = new Map<string, Float32Array>();
  const { mixFrom = Infinity, originals = 0 } = options;
  for (let p = mixFrom; p < texts.length; p++) {
    const parents = synthesisParents(p, originals);
    if (!parents || embedder.cached(texts[p]) || mixed.has(texts[p])) continue;
    const [a, b] = await embedder.embed([texts[parents[0]], texts[parents[1]]]);
    const v = new Float32Array(a.length);
    let norm = 0;
    for (let d = 0; d < v.length; d++) norm += (v[d] = MIX * a[d] + (1 - MIX) * b[d]) ** 2;
    for (let d = 0; d < v.length; d++) v[d] /= Math.sqrt(norm);
    mixed.set(texts[p], v);
  }
  return mixed;
}

/**
 * The schemas as the service reads them back: search_documents.input_schema is jsonb, which
 * orders an object's keys (shorter first, then bytewise), and the embedded text lists the
 * parameters in the stored order. Seeding the posted order instead missed the vector of every
 * tool whose parameters were not already in that order, and the service embedded those itself:
 * 19–47 tools/s through POST /v2/index_tools instead of the catalog sync's ~600.
 */
export async function asStored(db: Database, schemas: unknown[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let i = 0; i < schemas.length; i += 5_000) {
    const rows = await rawRows<{ value: unknown }>(db, sql`select value from jsonb_array_elements(${JSON.stringify(schemas.slice(i, i + 5_000))}::jsonb) with ordinality order by ordinality`);
    out.push(...rows.map((r) => r.value));
  }
  return out;
}

/**
 * Puts the document vectors of `tools` into the service's vector store before they are posted,
 * from the benchmarks' disk cache (.cache/bench/), so indexing 10,000 tools takes seconds
 * instead of the ~10 minutes fp32 embedding costs on 2 cores; the latency figures do not
 * depend on how the vectors got there. The texts mirror the service's enrichment
 * (api/services/retrieval/index-tools.ts): a text that differs is simply embedded by the service.
 */
export async function seedDocumentVectors(
  db: Database,
  embedderId: string,
  tools: PostedTool[],
  options: { mixFrom?: number; originals?: number } = {},
): Promise<{ seeded: number; mixed: number }> {
  const root = join(import.meta.dirname, '..', '..');
  const local = await benchEmbedder(root);
  const embedder = withDiskCache(local, join(root, '.cache', 'bench', 'doc-vectors-synthetic.json'));
  try {
    const schemas = await asStored(db, tools.map((t) => t.input_schema ?? null));
    const texts = tools.map((t, i) => {
      const doc: ToolDocument = {
        id: '',
        server: t.server,
        name: t.name,
        description: t.description.replace(/\s+/g, ' ').trim(),
        inputSchema: schemas[i] as ToolDocument['inputSchema'],
        category: t.category || null,
        tags: [],
      };
      return embeddingText(doc);
    });
    const mixed = await mixedVectors(embedder, texts, options);
    const unique = [...new Set(texts)].filter((t) => !mixed.has(t));
    const vectors = await embedder.embed(unique);
    embedder.save();
    const store = createDocumentVectorStore(db);
    const rows = [...unique.map((text, i) => ({ key: textKey(text), vector: vectors[i] })), ...[...mixed].map(([text, vector]) => ({ key: textKey(text), vector }))];
    for (let i = 0; i < rows.length; i += 5_000) await store.put(embedderId, rows.slice(i, i + 5_000));
    return { seeded: rows.length, mixed: mixed.size };
  } finally {
    await embedder.close?.();
  }
}
