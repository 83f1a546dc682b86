import model from '../rerank-model.json' with { type: 'json' };
import { RERANK_FEATURES, SECOND_PASS_FEATURES } from './features.ts';

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
export function checkModels(m: RerankModels): void {
  if (checked === m) return;
  const fits = (pass: RerankModel, names: readonly string[]) =>
    pass.features.length === names.length && pass.features.every((f, j) => f === names[j]) && [pass.mean, pass.std, pass.weights].every((a) => a.length === names.length);
  if (!fits(m.first, RERANK_FEATURES) || !fits(m.second, SECOND_PASS_FEATURES)) {
    throw new Error('search/rerank-model.json does not match the features of search/rerank/features.ts: run `npx tsx bench/rerank-train.ts --write`');
  }
  checked = m;
}
