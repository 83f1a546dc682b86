import { join } from 'node:path';
import type { Database } from '../../db/client.ts';
import { createDocumentVectorStore } from '../../db/retrieval/document-vectors.ts';
import { textKey } from '../../search/embedding/vector-store.ts';
import { embeddingText } from '../../search/text/tool-text.ts';
import type { ToolDocument } from '../../search/types.ts';
import { benchEmbedder } from './engines.ts';

/** A tool as bench/retrieve.ts posts it to POST /v2/index_tools. */
export interface PostedTool {
  name: string;
  server: string;
  description: string;
  input_schema?: unknown;
  category?: string;
}

/**
 * Puts the document vectors of `tools` into the service's vector store before they are posted,
 * from the benchmarks' disk cache (.cache/bench/), so indexing 10,000 tools takes seconds
 * instead of the ~10 minutes fp32 embedding costs on 2 cores; the latency figures do not
 * depend on how the vectors got there. The texts mirror the service's enrichment
 * (api/services/retrieval/index-tools.ts): a text that differs is simply embedded by the service.
 */
export async function seedDocumentVectors(db: Database, embedderId: string, tools: PostedTool[]): Promise<number> {
  const root = join(import.meta.dirname, '..', '..');
  const embedder = await benchEmbedder(root, join(root, '.cache', 'bench', 'doc-vectors-synthetic.json'));
  try {
    const texts = tools.map((t) => {
      const doc: ToolDocument = {
        id: '',
        server: t.server,
        name: t.name,
        description: t.description.replace(/\s+/g, ' ').trim(),
        inputSchema: (t.input_schema ?? null) as ToolDocument['inputSchema'],
        category: t.category || null,
        tags: [],
      };
      return embeddingText(doc);
    });
    const unique = [...new Set(texts)];
    const vectors = await embedder.embed(unique);
    embedder.save?.();
    await createDocumentVectorStore(db).put(embedderId, unique.map((text, i) => ({ key: textKey(text), vector: vectors[i] })));
    return unique.length;
  } finally {
    await embedder.close?.();
  }
}
