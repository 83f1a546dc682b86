import { LRUCache } from 'lru-cache';
import { analyze } from '../text/tokenize.ts';
import { fieldTokens } from '../text/tool-text.ts';
import type { ToolDocument } from '../types.ts';

/** A tool document's analyzed fields as the second stage reads them, kept per document object. */
export interface DocTokens {
  name: Set<string>;
  server: Set<string>;
  all: Set<string>;
  descriptionEmpty: boolean;
  /** Term frequencies over all BM25 fields, and that text's length in tokens. */
  tf: Map<string, number>;
  length: number;
  /** The same over the tool name and server name only. */
  nameTf: Map<string, number>;
  nameLength: number;
  /** Words of the parameters' example and default values, which no BM25 field holds. */
  examples: Set<string>;
  /** Adjacent word pairs within each field (server name and tool name read as one). */
  pairs: Set<string>;
}

/**
 * The values a tool's parameters are shown to take, as text: each property's JSON Schema
 * `examples`, OpenAPI-style `example`, and `default` (enum values were measured too and added
 * nothing: docs/retrieval.md "Second stage").
 */
function exampleText(schema: ToolDocument['inputSchema']): string {
  const props = (schema?.properties ?? {}) as Record<string, { examples?: unknown; example?: unknown; default?: unknown } | null>;
  const out: string[] = [];
  const add = (v: unknown) => {
    if (v !== undefined && v !== null) out.push(typeof v === 'object' ? JSON.stringify(v) : String(v));
  };
  for (const prop of Object.values(props)) {
    if (!prop || typeof prop !== 'object') continue;
    if (Array.isArray(prop.examples)) prop.examples.forEach(add);
    add(prop.example);
    add(prop.default);
  }
  return out.join(' ');
}

/** Adjacent pairs of analyzed words, "a b": word order and proximity, which BM25 ignores. */
export function wordPairs(tokens: readonly string[], into = new Set<string>()): Set<string> {
  for (let i = 0; i + 1 < tokens.length; i++) into.add(`${tokens[i]} ${tokens[i + 1]}`);
  return into;
}

const termFrequencies = (tokens: readonly string[]) => {
  const tf = new Map<string, number>();
  for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
  return tf;
};

// Documents are immutable once indexed (an update is a new object), so their analyzed fields are
// kept per object: the embedded backend hands out the same objects on every request. Bounded
// (least recently used out first) so that 100,000 indexed tools do not mean 100,000 token sets
// (~9 KB each, measured 2026-12-02); candidates recur, and a miss costs ~25 µs of analysis.
const TOKEN_CACHE_SIZE = 5_000;
const tokenCache = new LRUCache<ToolDocument, DocTokens>({ max: TOKEN_CACHE_SIZE });

export function docTokens(doc: ToolDocument): DocTokens {
  const kept = tokenCache.get(doc);
  if (kept) return kept;
  const f = fieldTokens(doc);
  const all = [...f.name, ...f.server, ...f.description, ...f.params, ...f.labels];
  const names = [...f.name, ...f.server];
  const t = {
    name: new Set(f.name),
    server: new Set(f.server),
    all: new Set(all),
    descriptionEmpty: f.description.length === 0,
    tf: termFrequencies(all),
    length: all.length,
    nameTf: termFrequencies(names),
    nameLength: names.length,
    examples: new Set(analyze(exampleText(doc.inputSchema))),
    pairs: [f.description, f.params, f.labels].reduce((set, field) => wordPairs(field, set), wordPairs([...f.server, ...f.name])),
  };
  tokenCache.set(doc, t);
  return t;
}

export const coverage = (of: Set<string>, by: Set<string>) => {
  if (of.size === 0) return 0;
  let n = 0;
  for (const t of of) if (by.has(t)) n++;
  return n / of.size;
};
