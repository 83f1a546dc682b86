import type { FusedHit } from '../fusion.ts';
import type { ToolDocument } from '../types.ts';
import type { CandidateMatch, RerankQuery } from './query.ts';

/** Names of the features, in the order of the vectors `rerankFeatures` returns. */
export const RERANK_FEATURES = [
  'relevance',
  'vector',
  'bm25',
  'vector_missing',
  'bm25_missing',
  'server_best_relevance',
  'server_best_vector',
  'server_best_bm25',
  'server_siblings',
  'relevance_gap',
  'vector_gap',
  'name_coverage',
  'server_coverage',
  'query_coverage',
  'query_coverage_name',
  'description_empty',
  'fused_rank',
  'vector_rank',
  'bm25_rank',
  'query_coverage_idf',
  'best_sentence_coverage',
  'server_query_coverage',
  'server_rank',
  'name_coverage_sentence',
  'bm25_pool',
  'best_sentence_bm25',
  'best_sentence_name_bm25',
  'best_sentence_bm25_rank',
  'example_coverage',
  'best_sentence_example_coverage',
  'pair_coverage',
  'pair_coverage_best',
  'best_sentence_pair_coverage',
] as const;

/**
 * Features of the second pass, after the first pass's: what the first pass made of the tool and of
 * the other candidates of its server (a request's tools tend to come from one server, and the
 * first pass knows better than the fused relevance which candidates those are).
 */
export const SECOND_PASS_FEATURES = [...RERANK_FEATURES, 'first_pass', 'server_first_pass_best', 'server_first_pass_sum'] as const;

/** A candidate to re-rank: the fused hit and its document. */
export interface RerankCandidate {
  hit: FusedHit;
  doc: ToolDocument;
}

// BM25's constants as the backends use them (docs/retrieval.md "BM25").
const K1 = 1.2;
const B = 0.75;

/**
 * BM25 of each candidate's text (`tf`: the frequency of each query word, `len`: the text's length in
 * tokens) for the query words at `at`, with the IDF and the average length taken over the
 * candidates, so it reads the same whatever the backend or the index around them.
 */
function poolBm25(idf: readonly number[], at: readonly number[], docs: readonly { tf: readonly number[]; len: number }[]): number[] {
  const avg = docs.reduce((a, d) => a + d.len, 0) / (docs.length || 1) || 1;
  return docs.map(({ tf, len }) => {
    let score = 0;
    for (const k of at) {
      const f = tf[k];
      if (f) score += (idf[k] * f * (K1 + 1)) / (f + K1 * (1 - B + (B * len) / avg));
    }
    return score;
  });
}

/** Each score divided by the best (0 when none is positive). */
const byBest = (xs: readonly number[]) => {
  const best = Math.max(0, ...xs);
  return xs.map((x) => (best > 0 ? x / best : 0));
};

/** IDF of a word (or pair) found in `df` of `n` candidates: what separates these candidates, whatever the backend. */
const poolIdf = (n: number, df: number) => Math.log(1 + n / (1 + df));

/**
 * The IDF-weighted share of the words (or word pairs) at indices `of` (all when null) that a
 * candidate has (`hits[k]`: 1 or 0), the IDF taken over the candidates (`poolIdf`).
 */
function idfShare(idf: readonly number[], hits: ArrayLike<number>, of: readonly number[] | null): number {
  let total = 0;
  let hit = 0;
  for (let j = 0; j < (of ? of.length : idf.length); j++) {
    const k = of ? of[j] : j;
    total += idf[k];
    hit += idf[k] * hits[k];
  }
  return total > 0 ? hit / total : 0;
}

const rankFeature = (rank: number) => (Number.isFinite(rank) ? 1 / Math.log2(rank + 1) : 0);

/**
 * Feature vectors of the candidates (in their order), from the request (its text as sent, and
 * rewritten as BM25 sees it: `RerankQuery`) and the fused hits. The capability match is not one of
 * them: on the dev split's long requests it learns a negative weight, which would demote a verb
 * match on a short request (where discover adds it to the final score instead). BM25 is divided by
 * the best BM25 among the candidates (raw BM25 has no fixed scale); ranks are within the candidates.
 */
export function rerankFeatures(request: RerankQuery, candidates: readonly RerankCandidate[]): number[][] {
  const { terms, sentenceTerms } = request;
  const matches = candidates.map(({ doc }) => request.match(doc));
  // How discriminating each query word is among the candidates (an IDF over the candidate pool:
  // backend-independent, and what matters for ordering these candidates).
  const idf = terms.map((_, k) => poolIdf(candidates.length, matches.reduce((n, m) => n + m.has[k], 0)));
  const weighted = (of: readonly number[] | null, hits: readonly number[]) => idfShare(idf, hits, of);
  // The query words some candidate of each server has: what the server as a whole covers.
  const serverHas = new Map<string, number[]>();
  candidates.forEach(({ doc }, i) => {
    const u = serverHas.get(doc.server);
    if (!u) serverHas.set(doc.server, [...matches[i].has]);
    else matches[i].has.forEach((h, k) => (u[k] = Math.max(u[k], h)));
  });
  const share = (hits: readonly number[]) => (terms.length ? hits.reduce((a, b) => a + b, 0) / terms.length : 0);
  let maxBm25 = 0;
  let maxVector = 0;
  let maxRelevance = 0;
  for (const { hit } of candidates) {
    maxBm25 = Math.max(maxBm25, hit.bm25 ?? 0);
    maxVector = Math.max(maxVector, hit.vector ?? 0);
    maxRelevance = Math.max(maxRelevance, hit.relevance);
  }
  const bm25Of = (h: FusedHit) => (h.bm25 !== null && maxBm25 > 0 ? h.bm25 / maxBm25 : 0);
  const vectorRank = rankWithin(candidates, (h) => h.vector);
  const bm25Rank = rankWithin(candidates, (h) => h.bm25);
  const servers = new Map<string, { relevance: number; vector: number; bm25: number; count: number }>();
  for (const { hit, doc } of candidates) {
    const s = servers.get(doc.server) ?? { relevance: 0, vector: 0, bm25: 0, count: 0 };
    s.relevance = Math.max(s.relevance, hit.relevance);
    s.vector = Math.max(s.vector, hit.vector ?? 0);
    s.bm25 = Math.max(s.bm25, bm25Of(hit));
    s.count++;
    servers.set(doc.server, s);
  }
  const bests = [...servers.values()].map((v) => v.relevance);
  const bestRanks = competitionRanks(bests);
  const serverRank = new Map([...servers.keys()].map((name, k) => [name, bestRanks[k]]));
  const fusedRank = competitionRanks(candidates.map((c) => c.hit.relevance));
  // BM25 over the candidates alone (pool IDF and length), for the whole request and per sentence:
  // a tool that answers one sentence of a multi-intent request best among the candidates, though
  // the whole request's BM25 and vector favour others, is what the sentence features find.
  const allText = matches.map((m) => ({ tf: m.tf, len: m.tokens.length }));
  const nameText = matches.map((m) => ({ tf: m.nameTf, len: m.tokens.nameLength }));
  const poolScore = byBest(poolBm25(idf, terms.map((_, k) => k), allText));
  const sentenceBm25 = candidates.map(() => 0);
  const sentenceNameBm25 = candidates.map(() => 0);
  const sentenceRank = candidates.map(() => 0);
  for (const sentence of sentenceTerms) {
    const raw = poolBm25(idf, sentence, allText);
    const names = byBest(poolBm25(idf, sentence, nameText));
    byBest(raw).forEach((x, i) => (sentenceBm25[i] = Math.max(sentenceBm25[i], x)));
    names.forEach((x, i) => (sentenceNameBm25[i] = Math.max(sentenceNameBm25[i], x)));
    competitionRanks(raw).forEach((rank, i) => {
      if (raw[i] > 0) sentenceRank[i] = Math.max(sentenceRank[i], rankFeature(rank));
    });
  }
  const pairs = pairFeatures(request, matches);
  return candidates.map(({ hit, doc }, i) => {
    const m = matches[i];
    const s = servers.get(doc.server)!;
    return [
      hit.relevance,
      hit.vector ?? 0,
      bm25Of(hit),
      hit.vector === null ? 1 : 0,
      hit.bm25 === null ? 1 : 0,
      s.relevance,
      s.vector,
      s.bm25,
      Math.log1p(s.count - 1),
      hit.relevance - maxRelevance,
      (hit.vector ?? 0) - maxVector,
      m.nameCoverage,
      m.serverCoverage,
      share(m.has),
      share(m.inName),
      m.tokens.descriptionEmpty ? 1 : 0,
      rankFeature(fusedRank[i]),
      rankFeature(vectorRank[i]),
      rankFeature(bm25Rank[i]),
      weighted(null, m.has),
      sentenceTerms.reduce((best, sentence) => Math.max(best, weighted(sentence, m.has)), 0),
      weighted(null, serverHas.get(doc.server)!),
      rankFeature(serverRank.get(doc.server)!),
      m.bestSentenceNameCoverage,
      poolScore[i],
      sentenceBm25[i],
      sentenceNameBm25[i],
      sentenceRank[i],
      weighted(null, m.inExamples),
      sentenceTerms.reduce((best, sentence) => Math.max(best, weighted(sentence, m.inExamples)), 0),
      ...pairs[i],
    ];
  });
}

/**
 * Word-pair features of each candidate (the request's adjacent words within a sentence, a proximity
 * signal): the IDF-weighted share of the request's pairs the tool's text has (IDF over the
 * candidates), the same divided by the best candidate's, and the best such share for one sentence.
 */
function pairFeatures(request: RerankQuery, matches: readonly CandidateMatch[]): number[][] {
  const idf = request.pairs.map((_, p) => poolIdf(matches.length, matches.reduce((df, m) => df + m.pairs[p], 0)));
  const share = (m: CandidateMatch, of: readonly number[] | null) => idfShare(idf, m.pairs, of);
  const whole = matches.map((m) => share(m, null));
  const wholeByBest = byBest(whole);
  return matches.map((m, i) => [
    whole[i],
    wholeByBest[i],
    request.sentencePairs.reduce((top, sentence) => Math.max(top, share(m, sentence)), 0),
  ]);
}

/**
 * 1-based rank of each value, best (largest) first, ties sharing the best rank: two identical
 * tools (the same tool on two servers) get identical features and so the same relevance. One
 * sort, not a scan per value (100 candidates).
 */
function competitionRanks(values: readonly number[]): number[] {
  const first = new Map<number, number>();
  [...values].sort((a, b) => b - a).forEach((v, i) => first.has(v) || first.set(v, i + 1));
  return values.map((v) => first.get(v)!);
}

/** Rank of each candidate by `score` (competitionRanks); Infinity where it has none. */
function rankWithin(candidates: readonly RerankCandidate[], score: (h: FusedHit) => number | null): number[] {
  const scores = candidates.map((c) => score(c.hit));
  const ranks = competitionRanks(scores.filter((v): v is number => v !== null));
  let k = 0;
  return scores.map((v) => (v === null ? Infinity : ranks[k++]));
}

