import type { ToolDocument } from '../types.ts';
import { analyze, splitWords } from './tokenize.ts';

/** The BM25 fields of a tool; the same names are used as Elasticsearch fields. */
export const BM25_FIELDS = ['name', 'server', 'description', 'params', 'labels'] as const;
export type Bm25Field = (typeof BM25_FIELDS)[number];

/** Analyzed tokens of each BM25 field of a tool. */
export type FieldTokens = Readonly<Record<Bm25Field, readonly string[]>>;

interface SchemaProperty {
  description?: unknown;
}

/** Parameter names (split into words) and their descriptions, from a JSON Schema's properties. */
export function parameterText(schema: ToolDocument['inputSchema']): { names: string; descriptions: string } {
  const props = (schema?.properties ?? {}) as Record<string, SchemaProperty>;
  const names: string[] = [];
  const descriptions: string[] = [];
  for (const [name, prop] of Object.entries(props)) {
    names.push(splitWords(name).join(' '));
    if (prop && typeof prop.description === 'string') descriptions.push(prop.description);
  }
  return { names: names.join(', '), descriptions: descriptions.join(' ') };
}

/** Raw text of each BM25 field (before analysis). */
export function fieldText(doc: ToolDocument): Record<Bm25Field, string> {
  const params = parameterText(doc.inputSchema);
  return {
    name: splitWords(doc.name).join(' '),
    server: splitWords(doc.server).join(' '),
    description: doc.description ?? '',
    params: `${params.names} ${params.descriptions}`,
    labels: [doc.category ?? '', ...(doc.tags ?? [])].join(' '),
  };
}

// Documents are immutable once made (an update is a new object), so a document's analysis is
// kept with it for as long as the document lives: the embedded backend analyses each document
// once as it indexes it, and the second stage (search/rerank/doc-tokens.ts) reads those same tokens for
// every request the document is a candidate of, where it used to analyse it again (~15 µs a
// document, most of a cold candidate's cost).
const analyzed = new WeakMap<ToolDocument, FieldTokens>();

/** Analyzed tokens of each BM25 field, kept with the document (read-only: shared). */
export function fieldTokens(doc: ToolDocument): FieldTokens {
  let tokens = analyzed.get(doc);
  if (!tokens) analyzed.set(doc, (tokens = analyzeFields(doc)));
  return tokens;
}

/**
 * Analyzed tokens of each BM25 field, computed afresh and not kept: for documents only passed
 * through, such as those sent to Elasticsearch, which would otherwise be held by the cache.
 */
export function analyzeFields(doc: ToolDocument): FieldTokens {
  const text = fieldText(doc);
  return {
    name: analyze(text.name),
    server: analyze(text.server),
    description: analyze(text.description),
    params: analyze(text.params),
    labels: analyze(text.labels),
  };
}

/**
 * The text a tool is embedded from: what it is called, what it does, and what it takes.
 * Server first because short descriptions ("Artist info") only make sense with it.
 */
export function embeddingText(doc: ToolDocument): string {
  const params = parameterText(doc.inputSchema);
  const parts = [`${splitWords(doc.server).join(' ')}: ${splitWords(doc.name).join(' ')}.`];
  if (doc.description) parts.push(doc.description.trim());
  if (doc.category) parts.push(`Category: ${doc.category}.`);
  if (doc.tags?.length) parts.push(`Tags: ${doc.tags.join(', ')}.`);
  if (params.names) parts.push(`Parameters: ${params.names}.`);
  return parts.join(' ');
}
