import { RERANK_FEATURES, SECOND_PASS_FEATURES } from '../../search/rerank/features.ts';
import type { RerankModel, RerankModels } from '../../search/rerank/model.ts';
import { rerankProbabilities, secondPassFeatures } from '../../search/rerank/model.ts';
import { DEFAULT_WEIGHTS } from '../../search/discover.ts';

/** One query's candidates on one corpus: features, labels, and the fixed parts of the final score. */
export interface Sample {
  qid: string;
  corpus: string;
  relevant: string[];
  ids: string[];
  /** Each candidate's server (the second pass groups by it). */
  servers: string[];
  x: number[][];
  y: number[];
  capability: number[];
  /** discover adds the capability to the final score of short queries only. */
  short: boolean;
  fused: string[];
}

const dot = (w: number[], z: number[], b: number) => z.reduce((acc, v, j) => acc + w[j] * v, b);

/**
 * Both passes: the first over RERANK_FEATURES, then the second over SECOND_PASS_FEATURES, which
 * read the first pass's scores of the same (training) queries.
 */
export function trainPasses(data: Sample[]): RerankModels {
  const first = train(data, RERANK_FEATURES);
  const second = train(data.map((s) => ({ ...s, x: secondPassFeatures(first, s.x, s.servers) })), SECOND_PASS_FEATURES);
  return { first, second };
}

/** Pairwise logistic loss with L2, Adam, full batch; then Platt scaling of the linear score. */
function train(data: Sample[], features: readonly string[], l2 = 0.01, iterations = 400): RerankModel {
  const F = features.length;
  const rows = data.flatMap((s) => s.x);
  const mu = Array.from({ length: F }, (_, j) => rows.reduce((acc, x) => acc + x[j], 0) / rows.length);
  const sd = Array.from({ length: F }, (_, j) => Math.sqrt(rows.reduce((acc, x) => acc + (x[j] - mu[j]) ** 2, 0) / rows.length) || 1);
  const Z = data.map((s) => s.x.map((x) => x.map((v, j) => (v - mu[j]) / sd[j])));
  const w = new Array<number>(F).fill(0);
  const m = new Array<number>(F).fill(0);
  const v = new Array<number>(F).fill(0);
  for (let it = 1; it <= iterations; it++) {
    const g = new Array<number>(F).fill(0);
    let queries = 0;
    data.forEach((s, qi) => {
      const z = Z[qi];
      const pos = s.y.flatMap((y, i) => (y ? [i] : []));
      const neg = s.y.flatMap((y, i) => (y ? [] : [i]));
      if (!pos.length || !neg.length) return;
      const score = z.map((x) => dot(w, x, 0));
      const pairs = pos.length * neg.length;
      for (const i of pos) {
        for (const k of neg) {
          const d = -1 / (1 + Math.exp(score[i] - score[k])) / pairs;
          for (let j = 0; j < F; j++) g[j] += d * (z[i][j] - z[k][j]);
        }
      }
      queries++;
    });
    for (let j = 0; j < F; j++) {
      const grad = g[j] / Math.max(1, queries) + l2 * w[j];
      m[j] = 0.9 * m[j] + 0.1 * grad;
      v[j] = 0.999 * v[j] + 0.001 * grad * grad;
      w[j] -= (0.05 * (m[j] / (1 - 0.9 ** it))) / (Math.sqrt(v[j] / (1 - 0.999 ** it)) + 1e-8);
    }
  }
  // Platt: p = sigmoid(a·score + c), fitted on the same rows; a > 0 keeps the order.
  const scored = data.flatMap((s, qi) => Z[qi].map((x, i) => [dot(w, x, 0), s.y[i]] as const));
  let a = 1;
  let c = 0;
  for (let it = 0; it < 2000; it++) {
    let ga = 0;
    let gc = 0;
    for (const [z, y] of scored) {
      const d = 1 / (1 + Math.exp(-(a * z + c))) - y;
      ga += d * z;
      gc += d;
    }
    a -= (0.5 * ga) / scored.length;
    c -= (0.5 * gc) / scored.length;
  }
  return { features: [...features], mean: mu, std: sd, weights: w.map((x) => x * a), bias: c };
}

/** The final ranking as discover makes it from the reranked relevance (no history: success 0.5). */
export function ranked(models: RerankModels, s: Sample): string[] {
  const W = DEFAULT_WEIGHTS;
  const capability = s.short ? W.capability : 0;
  const p = rerankProbabilities(models, s.x, s.servers);
  const score = s.ids.map((id, i) => [id, W.semantic * p[i] + capability * s.capability[i] + W.success * 0.5] as const);
  return score.sort((p, q) => q[1] - p[1] || p[0].localeCompare(q[0])).slice(0, 10).map(([id]) => id);
}

