/** Retrieval metrics with binary relevance, as in the stabletoolbench README. */
export interface Metrics {
  recall1: number;
  recall5: number;
  recall10: number;
  ndcg10: number;
  mrr: number;
}

/** Metrics of one ranked id list against the relevant set. */
export function scoreRanking(ranked: string[], relevant: string[]): Metrics {
  const rel = new Set(relevant);
  const recallAt = (k: number) => ranked.slice(0, k).filter((id) => rel.has(id)).length / rel.size;
  let dcg = 0;
  ranked.slice(0, 10).forEach((id, i) => { if (rel.has(id)) dcg += 1 / Math.log2(i + 2); });
  let idcg = 0;
  for (let i = 0; i < Math.min(rel.size, 10); i++) idcg += 1 / Math.log2(i + 2);
  const first = ranked.findIndex((id) => rel.has(id));
  return { recall1: recallAt(1), recall5: recallAt(5), recall10: recallAt(10), ndcg10: dcg / idcg, mrr: first < 0 ? 0 : 1 / (first + 1) };
}

/** Mean of each metric. */
export function mean(all: Metrics[]): Metrics {
  const sum = { recall1: 0, recall5: 0, recall10: 0, ndcg10: 0, mrr: 0 };
  for (const m of all) for (const k of Object.keys(sum) as (keyof Metrics)[]) sum[k] += m[k];
  for (const k of Object.keys(sum) as (keyof Metrics)[]) sum[k] /= all.length || 1;
  return sum;
}

/** One aligned table row. */
export function formatRow(label: string, m: Metrics): string {
  const f = (x: number) => x.toFixed(4).padStart(9);
  return `${label.padEnd(34)}${f(m.recall1)}${f(m.recall5)}${f(m.recall10)}${f(m.ndcg10)}${f(m.mrr)}\n`;
}

export const HEADER = `${'part'.padEnd(34)}${'R@1'.padStart(9)}${'R@5'.padStart(9)}${'R@10'.padStart(9)}${'NDCG@10'.padStart(9)}${'MRR'.padStart(9)}\n`;
