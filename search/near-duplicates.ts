import { docTokens } from './rerank/doc-tokens.ts';
import type { ToolDocument } from './types.ts';

/** Copies of one tool (on different servers) kept at their place in a ranking; later ones move down. */
export const NEAR_DUPLICATE_KEEP = 2;
/**
 * What a further copy's score is multiplied by: under every candidate with more than a tenth of its score
 * (0.25 until 2026-12-02, when a reranker that scores fetchers higher left a third copy of 0.24 above
 * a needed tool of 0.06, test/retrieval/multi-server.test.ts; the dev sets' figures are the same at both).
 */
export const NEAR_DUPLICATE_FACTOR = 0.1;
/** Share of words (name, description, parameters; not the server's name) two tools must share to be copies. */
const SAME_TEXT = 0.6;

function words(doc: ToolDocument): Set<string> {
  const t = docTokens(doc);
  return new Set([...t.all].filter((w) => !t.server.has(w) || t.name.has(w)));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared || 1);
}

/**
 * Near-duplicates across servers (issue 39: ten forks of one fetcher must not fill a top 10): a
 * tool is a copy of a better-ranked one on another server when both have the same name words and
 * share most of their text. The first NEAR_DUPLICATE_KEEP copies of a tool keep their score; every
 * further one is multiplied by NEAR_DUPLICATE_FACTOR, so it moves down without being removed (the
 * service's availability stage then ranks the copies the caller can run above those it cannot).
 * `tools` is sorted best first; returns the factor per index (1 for most).
 */
export function nearDuplicateFactors(tools: readonly { doc: ToolDocument }[]): number[] {
  // A group's words are read only once a second tool of its name turns up: most names are unique.
  const groups = new Map<string, { first: ToolDocument; words?: Set<string>; servers: Set<string>; count: number }[]>();
  return tools.map(({ doc }) => {
    const key = [...docTokens(doc).name].sort().join(' ');
    const list = groups.get(key);
    if (!list) {
      groups.set(key, [{ first: doc, servers: new Set([doc.server]), count: 1 }]);
      return 1;
    }
    const own = words(doc);
    const group = list.find((g) => !g.servers.has(doc.server) && jaccard((g.words ??= words(g.first)), own) >= SAME_TEXT);
    if (!group) {
      list.push({ first: doc, words: own, servers: new Set([doc.server]), count: 1 });
      return 1;
    }
    group.servers.add(doc.server);
    group.count++;
    return group.count > NEAR_DUPLICATE_KEEP ? NEAR_DUPLICATE_FACTOR : 1;
  });
}
