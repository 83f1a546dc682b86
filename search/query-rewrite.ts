import { CAPABILITIES } from './capabilities.ts';
import type { DetectedCapability } from './capabilities.ts';
import { splitWords } from './text/tokenize.ts';

/** Longest query the rewrite keeps (the API bounds queries at 500 characters). */
const MAX_CHARS = 500;
/** Queries up to this many words get capability verbs appended. */
const SHORT_QUERY_WORDS = 8;

/**
 * A short query (at most 8 words): one action, where the detected capability is a reliable signal
 * (the rewrite expands it, discover scores it). Long requests name several actions at once.
 */
export function isShortQuery(query: string): boolean {
  return splitWords(query.normalize('NFKC').slice(0, MAX_CHARS)).length <= SHORT_QUERY_WORDS;
}

/**
 * `query_rewritten`, as documented in docs/retrieval.md:
 * 1. normalisation: Unicode NFKC, identifiers split (camelCase, snake_case, kebab-case),
 *    lower case, punctuation dropped, whitespace collapsed, cut at 500 characters;
 * 2. expansion, for short queries only (at most 8 words): when a capability was detected with
 *    confidence ≥ 0.5, its first two verbs that the query does not already contain are appended
 *    ("find weather" → "find weather search lookup"). Long requests already name their action,
 *    and there the extra terms measurably add noise (docs/retrieval.md).
 * The BM25 part of retrieval uses the rewritten text; the embedding uses the original query,
 * since the model reads natural sentences better than keyword lists.
 */
export function rewriteQuery(query: string, capability: DetectedCapability): string {
  const words = splitWords(query.normalize('NFKC').slice(0, MAX_CHARS));
  if (capability.id && capability.confidence >= 0.5 && words.length <= SHORT_QUERY_WORDS) {
    const have = new Set(words);
    const cap = CAPABILITIES.find((c) => c.id === capability.id)!;
    words.push(...cap.verbs.filter((v) => !have.has(v)).slice(0, 2));
  }
  return words.join(' ');
}
