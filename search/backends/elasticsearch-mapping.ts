import type { Bm25Params } from '../bm25.ts';
import type { IndexedTool, SearchFilter } from '../types.ts';
import type { FieldTokens } from '../text/tool-text.ts';
import { analyzeFields, BM25_FIELDS } from '../text/tool-text.ts';
import { DOC_HASH_FIELD, documentHash } from './elasticsearch-documents.ts';

/** Stored in `owner` for public-catalog tools: a keyword field cannot match null. */
export const PUBLIC_OWNER = '__public__';

/**
 * Index settings and mapping. The BM25 fields hold text already analyzed by
 * search/text/tokenize.ts, indexed with the core `standard` analyzer (which leaves those
 * lower-case alphanumeric tokens as they are): the integ-test distribution has no
 * analysis-common module (no whitespace, stop or stemmer filters), and this way both backends
 * rank the very same tokens. One shard, so IDF is the corpus IDF, as in the embedded backend.
 */
export function indexBody(dimensions: number, bm25: Bm25Params) {
  const text = { type: 'text', analyzer: 'standard', similarity: 'tool_bm25', norms: true };
  return {
    settings: {
      number_of_shards: 1,
      number_of_replicas: 0,
      refresh_interval: '1s',
      similarity: { tool_bm25: { type: 'BM25', k1: bm25.k1, b: bm25.b } },
    },
    mappings: {
      dynamic: 'strict' as const,
      properties: {
        ...Object.fromEntries(BM25_FIELDS.map((f) => [`t_${f}`, text])),
        server: { type: 'keyword' },
        category: { type: 'keyword' },
        owner: { type: 'keyword' },
        vector: { type: 'dense_vector', dims: dimensions, index: true, similarity: 'cosine' },
        doc: { type: 'object', enabled: false },
        ...DOC_HASH_MAPPING,
      },
    },
  };
}

/**
 * The document's content hash (search/backends/elasticsearch-documents.ts): doc values only,
 * read with each search hit. Also put on indices made before it existed (`ensureIndex`).
 */
export const DOC_HASH_MAPPING = { [DOC_HASH_FIELD]: { type: 'keyword' as const, index: false, doc_values: true } };

/** The Elasticsearch source of one tool. */
export function toSource(tool: IndexedTool) {
  const tokens: FieldTokens = analyzeFields(tool.doc);
  return {
    ...Object.fromEntries(BM25_FIELDS.map((f) => [`t_${f}`, tokens[f].join(' ')])),
    server: tool.doc.server,
    category: tool.doc.category ?? null,
    owner: tool.doc.ownerUserId ?? PUBLIC_OWNER,
    vector: Array.from(tool.vector),
    doc: tool.doc,
    [DOC_HASH_FIELD]: documentHash(tool.doc),
  };
}

/** Filter clauses for a SearchFilter (used by the BM25 query, kNN and count alike). */
export function filterClauses(filter: SearchFilter | undefined): Record<string, unknown>[] {
  if (!filter) return [];
  const out: Record<string, unknown>[] = [];
  if (filter.server !== undefined) out.push({ term: { server: filter.server } });
  if (filter.servers) out.push({ terms: { server: filter.servers } });
  if (filter.category !== undefined) out.push({ term: { category: filter.category } });
  if (filter.ownerUserIds) out.push({ terms: { owner: filter.ownerUserIds.map((o) => o ?? PUBLIC_OWNER) } });
  return out;
}

/** `most_fields` multi_match: per-field BM25 summed with boosts, as the embedded backend does. */
export function bm25Query(tokens: string[], bm25: Bm25Params, filter: SearchFilter | undefined) {
  const fields = BM25_FIELDS.filter((f) => bm25.boosts[f] > 0).map((f) => `t_${f}^${bm25.boosts[f]}`);
  return {
    bool: {
      must: [{ multi_match: { query: tokens.join(' '), fields, type: 'most_fields', operator: 'or' } }],
      filter: filterClauses(filter),
    },
  };
}
