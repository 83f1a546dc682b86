import { LRUCache } from 'lru-cache';
import type { FusedHit } from './fusion.ts';
import { analyze } from './text/tokenize.ts';
import { fieldTokens } from './text/tool-text.ts';
import type { ToolDocument } from './types.ts';
import model from './rerank-model.json' with { type: 'json' };

/**
 * Second stage of the ranking (issue 21, item 1): a learned linear model over features of each
 * fused candidate and its place among the others, trained on the StableToolBench dev split with
 * cross-validation over queries by bench/rerank-train.ts (weights in search/rerank-model.json).
 * It sees only what both backends return (the fused hit: BM25 score, cosine) plus the document
 * and the query text, so it ranks identically on the embedded backend and on Elasticsearch.
 */

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
  'name_pair_coverage',
] as const;

/**
 * Features of the second pass, after the first pass's: what the first pass made of the tool and of
 * the other candidates of its server (a request's tools tend to come from one server, and the
 * first pass knows better than the fused relevance which candidates those are).
 */
export const SECOND_PASS_FEATURES = [...RERANK_FEATURES, 'first_pass', 'server_first_pass_best', 'server_first_pass_sum'] as const;

/** One linear pass: feature names, their standardisation, weights and bias (a logistic model). */
export interface RerankModel {
  features: readonly string[];
  mean: number[];
  std: number[];
  weights: number[];
  bias: number;
}

/** The model file: the first pass over RERANK_FEATURES, the second over SECOND_PASS_FEATURES. */
export interface RerankModels {
  first: RerankModel;
  second: RerankModel;
}

/** A candidate to re-rank: the fused hit and its document. */
export interface RerankCandidate {
  hit: FusedHit;
  doc: ToolDocument;
}

interface DocTokens {
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
  /** Adjacent word pairs within each field (server name and tool name read as one), and within the tool name. */
  pairs: Set<string>;
  namePairs: Set<string>;
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
function wordPairs(tokens: readonly string[], into = new Set<string>()): Set<string> {
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
// (~2-3 KB each); candidates recur, and a miss costs ~25 µs of analysis.
const TOKEN_CACHE_SIZE = 5_000;
const tokenCache = new LRUCache<ToolDocument, DocTokens>({ max: TOKEN_CACHE_SIZE });

function docTokens(doc: ToolDocument): DocTokens {
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
    namePairs: wordPairs(f.name),
  };
  tokenCache.set(doc, t);
  return t;
}

const coverage = (of: Set<string>, by: Set<string>) => {
  if (of.size === 0) return 0;
  let n = 0;
  for (const t of of) if (by.has(t)) n++;
  return n / of.size;
};

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
 * What a candidate has of the request, from its document alone: which of the request's words it
 * has (anywhere, in its example values, in its name or server name), their term frequencies,
 * which of the request's word pairs it has. Every pool feature below is a sum over these, so a
 * candidate's match is computed once per request, even before the pool is known (`prepare`).
 */
interface CandidateMatch {
  tokens: DocTokens;
  /** Per query word (RerankQuery.terms): 1 when the tool's text has it, else 0. */
  has: number[];
  inExamples: number[];
  inName: number[];
  /** Per query word: its frequency in all BM25 fields, and in the tool and server names. */
  tf: number[];
  nameTf: number[];
  nameCoverage: number;
  serverCoverage: number;
  bestSentenceNameCoverage: number;
  /** Per word pair of the request (RerankQuery.pairs): 1 when the tool's text has it. */
  pairs: Uint8Array;
  /** The share of the tool name's word pairs that the request has. */
  namePairShare: number;
}

/**
 * A request as the second stage reads it: its words (as BM25 sees them, rewritten), its sentences
 * as sent (the rewritten text has no punctuation left: a long request asks for one tool per
 * sentence) and their adjacent word pairs. It keeps each document's match once computed, so the
 * candidates known early (the BM25 list, while the query embedding is still running) are matched
 * while the thread would otherwise wait (search/discover.ts).
 */
export class RerankQuery {
  readonly query: Set<string>;
  readonly terms: string[];
  readonly sentences: Set<string>[];
  /** Per sentence, the indices of its words in `terms`. */
  readonly sentenceTerms: number[][];
  /** The request's word pairs within a sentence, each once, and per sentence their indices here. */
  readonly pairs: string[];
  readonly sentencePairs: number[][];
  private readonly pairIndex: Map<string, number>;
  private readonly matches = new Map<ToolDocument, CandidateMatch>();

  constructor(queryText: string, rewritten: string) {
    this.query = new Set(analyze(rewritten));
    this.terms = [...this.query];
    const termIndex = new Map(this.terms.map((t, k) => [t, k]));
    const sentenceWords = queryText.split(/[.!?;]+\s|\n/).map((s) => analyze(s)).filter((s) => s.length > 0);
    this.sentences = sentenceWords.map((s) => new Set(s));
    this.sentenceTerms = this.sentences.map((s) => [...s].flatMap((t) => (termIndex.has(t) ? [termIndex.get(t)!] : [])));
    const bySentence = sentenceWords.map((words) => [...wordPairs(words)]);
    this.pairIndex = new Map();
    for (const pairs of bySentence) for (const pair of pairs) if (!this.pairIndex.has(pair)) this.pairIndex.set(pair, this.pairIndex.size);
    this.pairs = [...this.pairIndex.keys()];
    this.sentencePairs = bySentence.map((pairs) => pairs.map((pair) => this.pairIndex.get(pair)!));
  }

  /** Matches these documents now, so that scoring them later finds their matches done. */
  prepare(docs: Iterable<ToolDocument>): void {
    for (const doc of docs) this.match(doc);
  }

  match(doc: ToolDocument): CandidateMatch {
    const kept = this.matches.get(doc);
    if (kept) return kept;
    const t = docTokens(doc);
    const pairs = new Uint8Array(this.pairs.length);
    this.pairs.forEach((pair, p) => (pairs[p] = t.pairs.has(pair) ? 1 : 0));
    let named = 0;
    for (const pair of t.namePairs) if (this.pairIndex.has(pair)) named++;
    const m: CandidateMatch = {
      tokens: t,
      has: this.terms.map((w) => (t.all.has(w) ? 1 : 0)),
      inExamples: this.terms.map((w) => (t.examples.has(w) ? 1 : 0)),
      inName: this.terms.map((w) => (t.name.has(w) || t.server.has(w) ? 1 : 0)),
      tf: this.terms.map((w) => t.tf.get(w) ?? 0),
      nameTf: this.terms.map((w) => t.nameTf.get(w) ?? 0),
      nameCoverage: coverage(t.name, this.query),
      serverCoverage: coverage(t.server, this.query),
      bestSentenceNameCoverage: this.sentences.reduce((best, sentence) => Math.max(best, coverage(t.name, sentence)), 0),
      pairs,
      namePairShare: t.namePairs.size ? named / t.namePairs.size : 0,
    };
    this.matches.set(doc, m);
    return m;
  }
}

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
 * candidates), the same divided by the best candidate's, the best such share for one sentence, and
 * the share of the tool name's pairs that the request has.
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
    m.namePairShare,
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

/** A pass's log-odds that a candidate with these features is relevant. */
function logit(model: RerankModel, x: readonly number[]): number {
  let z = model.bias;
  for (let j = 0; j < model.weights.length; j++) z += model.weights[j] * ((x[j] - model.mean[j]) / model.std[j]);
  return z;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The model's probability that a candidate with these features is relevant, 0..1. */
function rerankScore(model: RerankModel, x: readonly number[]): number {
  return sigmoid(logit(model, x));
}

// The first pass's log-odds are bounded where they stand in for "no other candidate of the server".
const NO_SIBLING = -10;

/**
 * The second pass's feature vectors: each candidate's first-pass features, its first-pass log-odds,
 * the best first-pass log-odds among the other candidates of its server (NO_SIBLING when it has
 * none) and the sum of their first-pass probabilities. `servers[i]` is candidate i's server.
 */
export function secondPassFeatures(first: RerankModel, x: readonly number[][], servers: readonly string[]): number[][] {
  const z = x.map((row) => logit(first, row));
  const byServer = new Map<string, number[]>();
  servers.forEach((server, i) => {
    const same = byServer.get(server);
    if (same) same.push(i);
    else byServer.set(server, [i]);
  });
  return x.map((row, i) => {
    let best = NO_SIBLING;
    let sum = 0;
    for (const k of byServer.get(servers[i])!) {
      if (k === i) continue;
      best = Math.max(best, z[k]);
      sum += sigmoid(z[k]);
    }
    return [...row, z[i], best, sum];
  });
}

/** Both passes over the candidates' features: each candidate's probability of relevance, 0..1. */
export function rerankProbabilities(models: RerankModels, x: readonly number[][], servers: readonly string[]): number[] {
  return secondPassFeatures(models.first, x, servers).map((row) => rerankScore(models.second, row));
}

/** The shipped model (search/rerank-model.json, written by bench/rerank-train.ts). */
export const RERANK_MODELS: RerankModels = model;

let checked: RerankModels | undefined;

/** A model trained on other features than these would rank silently wrong: refuse it. */
function checkModels(m: RerankModels): void {
  if (checked === m) return;
  const fits = (pass: RerankModel, names: readonly string[]) =>
    pass.features.length === names.length && pass.features.every((f, j) => f === names[j]) && [pass.mean, pass.std, pass.weights].every((a) => a.length === names.length);
  if (!fits(m.first, RERANK_FEATURES) || !fits(m.second, SECOND_PASS_FEATURES)) {
    throw new Error('search/rerank-model.json does not match the features of search/rerank.ts: run `npx tsx bench/rerank-train.ts --write`');
  }
  checked = m;
}

/** Fused candidates the reranker looks at: 100 finds more of the relevant tools than 50 or 30 (docs/retrieval.md). */
export const RERANK_POOL = 100;

/**
 * The reranked relevance of each hit (by id), 0..1: the model's calibrated probability that the
 * tool is relevant to the request. This is the ranking's `semantic_score`.
 */
export function rerankRelevance(
  request: RerankQuery,
  hits: readonly FusedHit[],
  docs: ReadonlyMap<string, ToolDocument>,
  models: RerankModels = RERANK_MODELS,
): Map<string, number> {
  checkModels(models);
  const candidates: RerankCandidate[] = [];
  for (const hit of hits) {
    const doc = docs.get(hit.id);
    if (doc) candidates.push({ hit, doc });
  }
  const features = rerankFeatures(request, candidates);
  const p = rerankProbabilities(models, features, candidates.map((c) => c.doc.server));
  return new Map(candidates.map((c, i) => [c.hit.id, p[i]]));
}
