// Candidate recall of the reranker's pool: the share of relevant tools that reach the pool at all,
// as discover builds it, and how many of the rest the steps' own lists (search/text/clauses.ts;
// the best N of each list per step) would add (issue 39 diagnosis: few, bench/results/2026-12-02-*).
// Usage: npx tsx bench/pool-recall.ts [--per N]
import { join } from 'node:path';
import { poolSiblingsFor, understandRequest } from '../search/discover.ts';
import { RetrievalEngine } from '../search/engine.ts';
import { RERANK_POOL } from '../search/rerank.ts';
import { clauses } from '../search/text/clauses.ts';
import { catalogDocuments, withCatalogVectors } from './lib/catalog-docs.ts';
import { loadQueries, loadTools, shortTasksDir } from './lib/corpus.ts';
import { devSplitDir } from './lib/dev-split.ts';
import { benchBackend, benchEmbedder, parseArgs } from './lib/engines.ts';

const root = join(import.meta.dirname, '..');
const args = parseArgs(process.argv.slice(2));
const per = Number(args.per ?? 10);
const out = (s: string) => process.stdout.write(s);

async function main(): Promise<void> {
  const catalog = await catalogDocuments(root, join(root, '.cache', 'bench', 'catalog-docs.json'));
  const sets = [
    { name: 'stb dev + catalog', dir: devSplitDir(root) },
    { name: 'mcp-bench dev + catalog', dir: join(root, 'bench', 'data', 'mcp-bench') },
    { name: 'short dev + catalog', dir: shortTasksDir(root) },
  ];
  const embedder = withCatalogVectors(await benchEmbedder(root, join(root, '.cache', 'bench', 'doc-vectors.json'), 'int8', 1));
  for (const set of sets) {
    const engine = new RetrievalEngine({ backend: benchBackend('embedded', embedder.dimensions), embedder, candidates: 100 });
    await engine.index([...loadTools(join(set.dir, 'tools.jsonl')), ...catalog]);
    embedder.save?.();
    const queries = loadQueries(join(set.dir, 'queries.dev.jsonl')).map((q) => ({ ...q, query: q.query.slice(0, 500) }));
    const counts = { relevant: 0, pool: 0, bm25: 0, vector: 0, both: 0, multi: 0 };
    let poolSize = 0;
    let grown = 0;
    for (const q of queries) {
      const { query, rewritten, second } = understandRequest(q.query);
      const r = await engine.retrieve({ query, bm25Query: rewritten, topK: RERANK_POOL, siblings: poolSiblingsFor(second) });
      const pool = new Set(r.hits.map((h) => h.id));
      poolSize += pool.size;
      const steps = clauses(query);
      const bm25 = new Set<string>();
      const vector = new Set<string>();
      if (steps.length >= 2) {
        counts.multi++;
        for (const s of steps) {
          const step = understandRequest(s);
          const lists = await engine.retrieve({ query: step.query, bm25Query: step.rewritten, topK: per });
          lists.bm25.slice(0, per).forEach((h) => bm25.add(h.id));
          lists.vector.slice(0, per).forEach((h) => vector.add(h.id));
        }
      }
      grown += [...bm25, ...vector].filter((id) => !pool.has(id)).length;
      for (const id of q.relevant) {
        counts.relevant++;
        if (pool.has(id)) counts.pool++;
        else {
          if (bm25.has(id)) counts.bm25++;
          if (vector.has(id)) counts.vector++;
          if (bm25.has(id) || vector.has(id)) counts.both++;
        }
      }
    }
    out(`${set.name}: ${queries.length} queries (${counts.multi} of 2+ steps), pool ${(poolSize / queries.length).toFixed(0)} (+${(grown / queries.length).toFixed(1)} per-step): `
      + `relevant ${counts.relevant}, in pool ${counts.pool} (${((100 * counts.pool) / counts.relevant).toFixed(1)}%); of the rest, per-step top ${per} BM25 ${counts.bm25}, vector ${counts.vector}, either ${counts.both}\n`);
    await engine.backend.close();
  }
  await embedder.close?.();
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
