import { clauses, sentenceCount } from '../text/clauses.ts';
import { analyze } from '../text/tokenize.ts';
import type { ToolDocument } from '../types.ts';
import type { DocTokens } from './doc-tokens.ts';
import { coverage, docTokens, wordPairs } from './doc-tokens.ts';

/**
 * What a candidate has of the request, from its document alone: which of the request's words it
 * has (anywhere, in its example values, in its name or server name), their term frequencies,
 * which of the request's word pairs it has. Every pool feature below is a sum over these, so a
 * candidate's match is computed once per request, even before the pool is known (`prepare`).
 */
export interface CandidateMatch {
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
  /** The request's steps (search/text/clauses.ts): its sentences, and the clauses of each. */
  readonly sentences: Set<string>[];
  /** Sentences as written; a task told in several of them gets the sibling expansion (search/discover.ts). */
  readonly sentenceCount: number;
  /** Per sentence, the indices of its words in `terms`. */
  readonly sentenceTerms: number[][];
  /** The request's word pairs within a sentence, each once, and per sentence their indices here. */
  readonly pairs: string[];
  readonly sentencePairs: number[][];
  private readonly matches = new Map<ToolDocument, CandidateMatch>();

  constructor(queryText: string, rewritten: string) {
    this.query = new Set(analyze(rewritten));
    this.terms = [...this.query];
    const termIndex = new Map(this.terms.map((t, k) => [t, k]));
    const sentenceWords = clauses(queryText).map((s) => analyze(s)).filter((s) => s.length > 0);
    this.sentenceCount = sentenceCount(queryText);
    this.sentences = sentenceWords.map((s) => new Set(s));
    this.sentenceTerms = this.sentences.map((s) => [...s].flatMap((t) => (termIndex.has(t) ? [termIndex.get(t)!] : [])));
    const bySentence = sentenceWords.map((words) => [...wordPairs(words)]);
    const pairIndex = new Map<string, number>();
    for (const pairs of bySentence) for (const pair of pairs) if (!pairIndex.has(pair)) pairIndex.set(pair, pairIndex.size);
    this.pairs = [...pairIndex.keys()];
    this.sentencePairs = bySentence.map((pairs) => pairs.map((pair) => pairIndex.get(pair)!));
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
    };
    this.matches.set(doc, m);
    return m;
  }
}
