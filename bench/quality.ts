// Retrieval quality on a stabletoolbench-format corpus, through the real engine, per part and
// per backend. Usage: npm run bench:quality -- --tools FILE --queries FILE [--backend embedded|elasticsearch|both]
//   [--grow N] (add synthesized distractor tools up to N, bench/lib/synthesize.ts: quality at the
//   latency bench's index size) [--catalog] (the bundled catalog's 8,239 tools in the same index, as
//   the running service has them: quality "with the bundled catalog", bench/lib/catalog-docs.ts)
import { join } from 'node:path';
import { RetrievalEngine } from '../search/engine.ts';
import type { FusionConfig } from '../search/fusion.ts';
import { DEFAULT_FUSION } from '../search/fusion.ts';
import { discover, discoverCandidates } from '../search/discover.ts';
import { applyAvailability, NO_FACTS } from '../api/services/retrieval/availability.ts';
import { retrievedTool } from '../api/services/retrieval/present.ts';
import { catalogDocuments, withCatalogVectors } from './lib/catalog-docs.ts';
import { loadQueries, loadTools } from './lib/corpus.ts';
import { devSplitDir, evaluate } from './lib/dev-split.ts';
import type { BackendName } from './lib/engines.ts';
import { benchBackend, benchEmbedder, dropIndex, parseArgs } from './lib/engines.ts';
import { HEADER, formatRow } from './lib/metrics.ts';
import { sweep } from './lib/sweep.ts';
import { synthesize } from './lib/synthesize.ts';

const root = join(import.meta.dirname, '..');
const args = parseArgs(process.argv.slice(2));
const shared = args.tools && args.queries ? '' : devSplitDir(root);
const toolsFile = args.tools ?? join(shared, 'tools.jsonl');
const queriesFile = args.queries ?? join(shared, 'queries.dev.jsonl');
const backends: BackendName[] = args.backend === 'both' || !args.backend ? ['embedded', 'elasticsearch'] : [args.backend as BackendName];
const out = (s: string) => process.stdout.write(s);

async function main(): Promise<void> {
  const split = args.grow ? synthesize(loadTools(toolsFile), Number(args.grow)) : loadTools(toolsFile);
  const tools = args.catalog ? [...split, ...(await catalogDocuments(root, join(root, '.cache', 'bench', 'catalog-docs.json')))] : split;
  const queries = loadQueries(queriesFile);
  const cacheFile = join(root, '.cache', 'bench', args.grow ? 'doc-vectors-synthetic.json' : 'doc-vectors.json');
  // Queries on one worker thread, as the service embeds them (search/embedding/embedding-worker.mjs).
  const local = await benchEmbedder(root, cacheFile, args['query-model'] === 'fp32' ? 'fp32' : 'int8', 1);
  // The catalog's vectors come from its install-time file (.cache/vectors/) instead of being embedded here.
  const embedder = args.catalog ? withCatalogVectors(local) : local;
  out(`corpus ${toolsFile}: ${tools.length} tools; queries ${queriesFile}: ${queries.length}; model ${embedder.id}\n`);
  for (const kind of backends) {
    const engine = new RetrievalEngine({ backend: benchBackend(kind, embedder.dimensions), embedder, candidates: 100 });
    try {
      const t0 = performance.now();
      await engine.index(tools);
      embedder.save?.();
      out(`\n[${kind}] indexed ${await engine.backend.count()} tools in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
      if (args.sweep) {
        await sweep(engine, tools, queries, out);
        continue;
      }
      out(HEADER);
      const parts: [string, FusionConfig][] = [['bm25', { method: 'bm25' }], ['vector', { method: 'vector' }], [`fused (${DEFAULT_FUSION.method})`, DEFAULT_FUSION]];
      for (const [label, fusion] of parts) {
        const m = await evaluate(queries, async (q) => (await engine.retrieve({ query: q, topK: 10 }, fusion)).hits.map((h) => h.id));
        out(formatRow(label, m));
      }
      const final = await evaluate(queries, async (q) => (await discover(engine, { query: q, topK: 10 })).tools.map((t) => t.id));
      out(formatRow('final (discover)', final));
      // The service's path: discover's candidates (overFetch(10)), then its last stage
      // (api/services/retrieval/availability.ts) with the facts of a corpus that has none (no
      // servers, runs or plans): it must give the row above exactly.
      const available = await evaluate(queries, async (q) => {
        const ranked = await discoverCandidates(engine, { query: q, topK: 10 });
        const ids = new Map(ranked.tools.map((t) => [`${t.doc.server}\u0000${t.doc.name}`, t.id]));
        const candidates = ranked.tools.map((t) => ({ tool: retrievedTool(t), serverKey: t.doc.server }));
        return applyAvailability(candidates, NO_FACTS, { userId: null, sandbox: { ok: true, egress: ['none'] }, setupUrl: () => '' }, 10).map((t) => ids.get(`${t.server}\u0000${t.name}`)!);
      });
      out(formatRow('final + availability (no facts)', available));
    } finally {
      await dropIndex(engine.backend);
      await engine.backend.close();
    }
  }
  await embedder.close?.();
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
