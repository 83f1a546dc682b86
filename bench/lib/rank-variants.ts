import { discover, discoverCandidates } from '../../search/discover.ts';
import type { ScoredTool } from '../../search/discover.ts';
import type { RetrievalEngine } from '../../search/engine.ts';
import { analyze } from '../../search/text/tokenize.ts';

/** A candidate ranking measured beside what ships (bench/quality-two.ts --variants): top 10 ids. */
export type RankVariant = (engine: RetrievalEngine, query: string) => Promise<string[]>;

/** Name words of a tool, for "the same tool on another server" (fetch / fetch_url / fetch-url). */
const nameKey = (t: ScoredTool) => analyze(t.doc.name).sort().join(' ');

/**
 * Greedy re-selection over discover's candidates: each next pick is the best score after a
 * factor `serverDecay` per tool of the same server already picked, and `dupFactor` when a tool
 * with the same name words from another server is already picked.
 */
function diversify(tools: ScoredTool[], serverDecay: number, dupFactor: number, k = 10): ScoredTool[] {
  const left = [...tools];
  const picked: ScoredTool[] = [];
  const perServer = new Map<string, number>();
  const names = new Set<string>();
  while (picked.length < k && left.length) {
    let best = -1;
    let bestScore = -Infinity;
    for (let i = 0; i < left.length; i++) {
      const t = left[i];
      let s = t.score * serverDecay ** (perServer.get(t.doc.server) ?? 0);
      if (names.has(nameKey(t))) s *= dupFactor;
      if (s > bestScore) [best, bestScore] = [i, s];
    }
    const [t] = left.splice(best, 1);
    picked.push(t);
    perServer.set(t.doc.server, (perServer.get(t.doc.server) ?? 0) + 1);
    names.add(nameKey(t));
  }
  return picked;
}

const variant = (decay: number, dup: number): RankVariant => async (engine, q) =>
  diversify((await discoverCandidates(engine, { query: q, topK: 10 })).tools, decay, dup).map((t) => t.id);

/** The request's sentences (and bullet lines) of at least `minWords` words. */
export function sentences(q: string, minWords = 4): string[] {
  return q.split(/(?<=[.!?;])\s+|\n+|\s+[•\-–]\s+/).map((s) => s.trim()).filter((s) => s.split(/\s+/).length >= minWords);
}

/** Reciprocal-rank fusion of ranked id lists with weights. */
function rrf(lists: { ids: string[]; weight: number }[], k = 10): string[] {
  const score = new Map<string, number>();
  for (const { ids, weight } of lists) ids.forEach((id, r) => score.set(id, (score.get(id) ?? 0) + weight / (k + r + 1)));
  return [...score.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([id]) => id);
}

/** Whole request ranked by discover, fused with each sentence ranked by discover (weight `w` for the whole). */
const perSentence = (w: number, depth = 10): RankVariant => async (engine, q) => {
  const whole = (await discover(engine, { query: q, topK: 10 })).tools.map((t) => t.id);
  const parts = sentences(q);
  if (parts.length < 2) return whole;
  const each = await Promise.all(parts.map(async (s) => (await discover(engine, { query: s, topK: depth })).tools.map((t) => t.id)));
  return rrf([{ ids: whole, weight: w }, ...each.map((ids) => ({ ids, weight: (1 - w) / each.length * parts.length / Math.max(1, parts.length) }))]).slice(0, 10);
};

/** Per-sentence BM25 only (no extra embedding): each sentence's BM25 top `depth` fused after the whole request's final ranking. */
const perSentenceBm25 = (w: number, depth = 5): RankVariant => async (engine, q) => {
  const whole = (await discover(engine, { query: q, topK: 10 })).tools.map((t) => t.id);
  const parts = sentences(q);
  if (parts.length < 2) return whole;
  const each = await Promise.all(parts.map(async (s) => (await engine.retrieve({ query: s, topK: depth }, { method: 'bm25' })).hits.map((h) => h.id)));
  return rrf([{ ids: whole, weight: w }, ...each.map((ids) => ({ ids, weight: (1 - w) / each.length }))]).slice(0, 10);
};

export const RANK_VARIANTS: Record<string, RankVariant> = {
  ships: async (engine, q) => (await discover(engine, { query: q, topK: 10 })).tools.map((t) => t.id),
  'server-decay-0.9': variant(0.9, 1),
  'server-decay-0.8': variant(0.8, 1),
  'server-decay-0.7': variant(0.7, 1),
  'server-decay-0.5': variant(0.5, 1),
  'dup-0.5': variant(1, 0.5),
  'dup-0.2': variant(1, 0.2),
  'decay-0.8-dup-0.5': variant(0.8, 0.5),
  'sentences-0.5': perSentence(0.5),
  'sentences-0.7': perSentence(0.7),
  'sentences-0.3': perSentence(0.3),
  'sentences-bm25-0.7': perSentenceBm25(0.7),
  'sentences-bm25-0.5': perSentenceBm25(0.5),
};
