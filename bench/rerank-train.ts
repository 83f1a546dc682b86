// Trains the second-stage reranker (search/rerank.ts) on the StableToolBench dev split and reports
// its held-out quality by k-fold cross-validation over queries (issue 21, item 1). The features of
// every query's RERANK_POOL fused candidates are taken exactly as discover takes them (embedded
// backend, int8 query vectors on one worker thread), on two corpora: the dev split alone and the
// dev split with the bundled catalog (8,239 tools) in the same index. Folds split queries, so a
// query's two pools are always on the same side. The model: two linear passes (the second reads the
// first's scores of each tool and of its server's other candidates), each trained with a pairwise
// logistic loss (every relevant candidate against every other of its query), then calibrated
// (Platt) so that its output reads as the probability that a tool is relevant.
// Each corpus is also scored by a model trained without its distribution (the nearest the dev sets
// come to a set of a kind no training saw, as the hidden set is: "trained without it").
// Usage: npx tsx bench/rerank-train.ts [--folds 5] [--write] [--dev-only] [--mcp] [--short] [--pairs] [--mcp-weight N] [--dump FILE]   (--write: search/rerank-model.json;
//   --out FILE: write the model there instead; --dev-only: the dev-split pools alone, a quick screen that needs no catalog vectors). The model
//   is the default folder's, or SWITCHBOARD_MODEL_DIR's (bench/lib/engines.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { capabilityScore, POOL_SIBLINGS, poolSiblingsFor, understandRequest } from '../search/discover.ts';
import { RetrievalEngine } from '../search/engine.ts';
import type { FusionConfig } from '../search/fusion.ts';
import { DEFAULT_FUSION } from '../search/fusion.ts';
import { isShortQuery } from '../search/query-rewrite.ts';
import { RERANK_POOL } from '../search/rerank.ts';
import { rerankFeatures } from '../search/rerank/features.ts';
import type { RerankModel } from '../search/rerank/model.ts';
import type { ToolDocument } from '../search/types.ts';
import { catalogDocuments, withCatalogVectors } from './lib/catalog-docs.ts';
import { loadQueries, loadTools, shortTasksDir } from './lib/corpus.ts';
import type { BenchQuery } from './lib/corpus.ts';
import { devSplitDir } from './lib/dev-split.ts';
import { benchBackend, benchEmbedder, parseArgs } from './lib/engines.ts';
import type { Metrics } from './lib/metrics.ts';
import { HEADER, formatRow, mean, scoreRanking } from './lib/metrics.ts';
import type { Sample } from './lib/rerank-fit.ts';
import { ranked, trainPasses } from './lib/rerank-fit.ts';

const root = join(import.meta.dirname, '..');
const args = parseArgs(process.argv.slice(2));
const folds = Number(args.folds ?? 5);
// --fusion rrf|linear[:weight] trains over candidates fused another way (the engine's default otherwise).
const fusion: FusionConfig | undefined = args.fusion === 'rrf' ? { method: 'rrf', k: 10, vectorWeight: 0.5 }
  : args.fusion?.startsWith('linear') ? { method: 'linear', vectorWeight: Number(args.fusion.split(':')[1] ?? 0.6) } : undefined;
const out = (s: string) => process.stdout.write(s);


let embedderId = '';

async function samples(corpus: string, tools: ToolDocument[], queries: BenchQuery[]): Promise<Sample[]> {
  const embedder = withCatalogVectors(await benchEmbedder(root, join(root, '.cache', 'bench', 'doc-vectors.json'), 'int8', 1));
  embedderId = embedder.id;
  const engine = new RetrievalEngine({ backend: benchBackend('embedded', embedder.dimensions), embedder, candidates: 100, fusion });
  try {
    await engine.index(tools);
    embedder.save?.();
    const all: Sample[] = [];
    for (const q of queries) {
      const { query, capability, rewritten, second } = understandRequest(q.query);
      const r = await engine.retrieve({ query, bm25Query: rewritten, topK: RERANK_POOL, siblings: poolSiblingsFor(second) });
      const docs = await engine.backend.documents(r.hits.map((h) => h.id));
      const candidates = r.hits.filter((h) => docs.has(h.id)).map((hit) => ({ hit, doc: docs.get(hit.id)! }));
      const rel = new Set(q.relevant);
      all.push({
        qid: q.qid,
        corpus,
        relevant: q.relevant,
        ids: candidates.map((c) => c.hit.id),
        servers: candidates.map((c) => c.doc.server),
        x: rerankFeatures(second, candidates),
        short: isShortQuery(query),
        y: candidates.map((c) => (rel.has(c.hit.id) ? 1 : 0)),
        capability: candidates.map((c) => capabilityScore(c.doc, capability)),
        fused: r.hits.slice(0, 10).map((h) => h.id),
      });
    }
    return all;
  } finally {
    await engine.backend.close();
    await embedder.close?.();
  }
}

async function main(): Promise<void> {
  const dir = devSplitDir(root);
  const tools = loadTools(join(dir, 'tools.jsonl'));
  const queries = loadQueries(join(dir, 'queries.dev.jsonl'));
  const catalog = args['dev-only'] ? [] : await catalogDocuments(root, join(root, '.cache', 'bench', 'catalog-docs.json'));
  const t0 = performance.now();
  const data = [...(await samples('dev split', tools, queries)), ...(catalog.length ? await samples('dev split + catalog', [...tools, ...catalog], queries) : [])];
  // --mcp: also the real-MCP dev tasks (bench/data/mcp-bench, issue 39) beside the catalog, cut at
  // the API's 500 characters; --short: the short single-call real-MCP dev tasks (MCPToolBench++,
  // built into .cache/bench/mcptoolbench by bench/data/mcptoolbench/build.py); --pairs: the same set's
  // dev requests paired across servers (build.py "Composed"). `--mcp-weight N`
  // repeats the real-MCP samples N times in training (not in the figures).
  const extra = [
    ...(args.mcp ? [{ corpus: 'real-MCP dev + catalog', dir: join(root, 'bench', 'data', 'mcp-bench') }] : []),
    ...(args.short ? [{ corpus: 'short real-MCP dev + catalog', dir: shortTasksDir(root) }] : []),
    ...(args.pairs ? [{ corpus: 'paired real-MCP dev + catalog', dir: shortTasksDir(root), queries: 'queries.composed-dev.jsonl' }] : []),
  ];
  for (const { corpus, dir, queries: file = 'queries.dev.jsonl' } of extra) {
    const extraQueries = loadQueries(join(dir, file)).map((q) => ({ ...q, query: q.query.slice(0, 500) }));
    data.push(...(await samples(corpus, [...loadTools(join(dir, 'tools.jsonl')), ...catalog], extraQueries)));
  }
  const extraCorpora = new Set(extra.map((e) => e.corpus));
  const weight = Number(args['mcp-weight'] ?? 1);
  const training = (rows: Sample[]) => rows.flatMap((s) => (extraCorpora.has(s.corpus) ? Array.from({ length: weight }, () => s) : [s]));
  out(`${queries.length} queries, ${RERANK_POOL} candidates each, on the dev split (${tools.length} tools) and with the bundled catalog (+${catalog.length}); features in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

  const fold = queryFolds([...new Set(data.map((s) => s.qid))], folds);
  // --dump FILE: the samples and their folds as JSON lines, for screening other learners on the
  // same pools (bench/rerank-trees.py).
  if (args.dump) {
    writeFileSync(args.dump, data.map((s) => JSON.stringify({ ...s, fold: fold.get(s.qid) })).join('\n') + '\n');
    out(`wrote ${data.length} samples to ${args.dump}\n`);
  }
  /** Each part's queries scored by a model trained on the other parts; figures by corpus. */
  const heldOutBy = <K>(partOf: (s: Sample) => K, parts: Iterable<K>) => {
    const scores = new Map<string, Metrics[]>();
    for (const part of parts) {
      const model = trainPasses(training(data.filter((s) => partOf(s) !== part)));
      for (const s of data.filter((x) => partOf(x) === part)) scores.set(s.corpus, [...(scores.get(s.corpus) ?? []), scoreRanking(ranked(model, s), s.relevant)]);
    }
    return scores;
  };
  const heldOut = heldOutBy((s) => fold.get(s.qid), Array.from({ length: folds }, (_, k) => k));
  // Leave one distribution out: each distribution scored by a model trained on the others only,
  // the nearest the dev sets come to the hidden set, a distribution no training saw.
  const distributions = new Set(data.map((s) => distribution(s.corpus)));
  const unseen = heldOutBy((s) => distribution(s.corpus), distributions.size > 1 ? distributions : []);
  const model = trainPasses(training(data));
  out(HEADER);
  const figures: Record<string, { fused_ndcg10: number; cv_ndcg10: number; cv_recall5: number; fit_ndcg10: number; unseen_ndcg10?: number }> = {};
  for (const corpus of [...(catalog.length ? ['dev split', 'dev split + catalog'] : ['dev split']), ...extraCorpora]) {
    const own = data.filter((s) => s.corpus === corpus);
    const fused = mean(own.map((s) => scoreRanking(s.fused, s.relevant)));
    const cv = mean(heldOut.get(corpus)!);
    const fit = mean(own.map((s) => scoreRanking(ranked(model, s), s.relevant)));
    out(formatRow(`${corpus}: fused`, fused));
    out(formatRow(`${corpus}: reranked, ${folds}-fold held-out`, cv));
    out(formatRow(`${corpus}: reranked, all queries (fit)`, fit));
    const lodo = unseen.has(corpus) ? mean(unseen.get(corpus)!) : undefined;
    if (lodo) out(formatRow(`${corpus}: reranked, trained without it`, lodo));
    figures[corpus] = {
      fused_ndcg10: round(fused.ndcg10), cv_ndcg10: round(cv.ndcg10), cv_recall5: round(cv.recall5), fit_ndcg10: round(fit.ndcg10),
      ...(lodo ? { unseen_ndcg10: round(lodo.ndcg10) } : {}),
    };
  }
  for (const [pass, m] of [['first', model.first], ['second', model.second]] as const) out(`${pass} pass, weights (standardised features):\n${m.features.map((f, j) => `  ${f.padEnd(30)}${m.weights[j].toFixed(3)}`).join('\n')}\n  bias ${m.bias.toFixed(3)}\n`);
  if (args.write && !catalog.length) throw new Error('--write needs the catalog pools too (drop --dev-only)');
  if (args.write) {
    const file = args.out ?? join(root, 'search', 'rerank-model.json');
    const about = `Second-stage reranker of search/rerank.ts, written by \`npx tsx bench/rerank-train.ts --write\`: two linear passes (the second also reads the first's scores of the tool and of the other candidates of its server), each trained with a pairwise logistic loss over each query's ${RERANK_POOL} fused candidates, completed by the sibling expansion discover applies (POOL_SIBLINGS ${JSON.stringify(POOL_SIBLINGS)}, requests of two or more sentences) (${embedderId}, int8 queries; fusion ${JSON.stringify(fusion ?? DEFAULT_FUSION)}) on the StableToolBench dev split (${queries.length} queries; alone and with the bundled catalog in the index)${extra.length ? ` and ${extra.map((e) => e.corpus).join(', ')} (cut at 500 characters, weight ${weight}: \`${args.mcp ? '--mcp ' : ''}${args.short ? '--short ' : ''}${args.pairs ? '--pairs ' : ''}--mcp-weight ${weight}\`)` : ''}, Platt-calibrated. Held-out NDCG@10 by ${folds}-fold cross-validation over queries is in "cv".`;
    const pass = (m: RerankModel) => ({ features: m.features, mean: m.mean.map(round), std: m.std.map(round), weights: m.weights.map(round), bias: round(m.bias) });
    writeFileSync(file, `${JSON.stringify({ about, cv: figures, first: pass(model.first), second: pass(model.second) }, null, 2)}\n`);
    out(`wrote ${file}\n`);
  }
}

/** The distribution a corpus's queries come from: StableToolBench's two pools are one, MCPToolBench++'s short tasks and their pairs another. */
const distribution = (corpus: string) => (corpus.startsWith('dev split') ? 'StableToolBench' : corpus.startsWith('real-MCP') ? 'MCP-Bench' : 'MCPToolBench++');

/**
 * Folds over queries by a fixed permutation of their order in the file (seedless, reproducible),
 * a paired request (`composed/A+B`, bench/data/mcptoolbench/build.py) always in the fold of its two
 * halves: apart, a learner that remembers a half's tools would be scored on what it saw.
 */
function queryFolds(qids: string[], folds: number): Map<string, number> {
  const parent = new Map(qids.map((id) => [id, id]));
  const root = (id: string): string => (parent.get(id) === id ? id : root(parent.get(id)!));
  for (const id of qids) {
    if (!id.startsWith('composed/')) continue;
    for (const half of id.slice('composed/'.length).split('+')) if (parent.has(half)) parent.set(root(half), root(id));
  }
  const groups = [...new Set(qids.map(root))];
  const foldOf = new Map(groups.map((g, i) => [g, ((i * 7919 + 13) % groups.length) % folds]));
  return new Map(qids.map((id) => [id, foldOf.get(root(id))!]));
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
