import type { ToolDocument } from '../types.ts';
import { analyze, splitWords } from './tokenize.ts';

/** The BM25 fields of a tool; the same names are used as Elasticsearch fields. */
export const BM25_FIELDS = ['name', 'server', 'description', 'params', 'labels'] as const;
export type Bm25Field = (typeof BM25_FIELDS)[number];

/** Analyzed tokens of each BM25 field of a tool. */
export type FieldTokens = Record<Bm25Field, string[]>;

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

/** Analyzed tokens of each BM25 field. */
export function fieldTokens(doc: ToolDocument): FieldTokens {
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
