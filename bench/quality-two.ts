// Retrieval quality on several distributions side by side (issue 39): StableToolBench (the dev split;
// RapidAPI tools, long requests) and real MCP servers and tasks (bench/data/mcp-bench: MCP-Bench's
// 28 servers' tools and plain-words tasks, dev and held-out; .cache/bench/mcptoolbench: MCPToolBench++'s
// short single-call tasks on 6 real servers, dev and held-out, and the same requests paired across servers,
// built by bench/data/mcptoolbench/build.py). Each set is indexed with the bundled
// catalog's 8,239 tools beside it (as the hidden set is measured), embedded backend, int8 query
// vectors on a worker thread as the service runs them; queries cut at 500 characters as the API
// cuts them. Rows: BM25 alone (the floor), the fused lists, and `discover` (what ships), plus any
// `--variants` (bench/lib/rank-variants.ts) measured on the same index.
// Usage: npx tsx bench/quality-two.ts [--sets stb,mcp-dev,mcp-heldout,short-dev,short-heldout,pair-dev,pair-heldout] [--variants a,b] [--bare-bm25]
//   --bare-bm25: also BM25 over the set's own tools alone (no catalog), the figure the issue quotes.
import { join } from 'node:path';
import { RetrievalEngine } from '../search/engine.ts';
import { discover } from '../search/discover.ts';
import type { ToolDocument } from '../search/types.ts';
import { catalogDocuments, withCatalogVectors } from './lib/catalog-docs.ts';
import type { BenchQuery } from './lib/corpus.ts';
import { loadQueries, loadTools, shortTasksDir } from './lib/corpus.ts';
import { devSplitDir, evaluate } from './lib/dev-split.ts';
import { benchBackend, benchEmbedder, parseArgs } from './lib/engines.ts';
import { HEADER, formatRow } from './lib/metrics.ts';
import { RANK_VARIANTS } from './lib/rank-variants.ts';

const root = join(import.meta.dirname, '..');
const args = parseArgs(process.argv.slice(2));
const out = (s: string) => process.stdout.write(s);
const API_QUERY_CHARS = 500;

interface Set { name: string; tools: string; queries: string }
function sets(): Set[] {
  const stb = devSplitDir(root);
  const mcp = join(root, 'bench', 'data', 'mcp-bench');
  const all: Set[] = [
    { name: 'stb', tools: join(stb, 'tools.jsonl'), queries: join(stb, 'queries.dev.jsonl') },
    { name: 'mcp-dev', tools: join(mcp, 'tools.jsonl'), queries: join(mcp, 'queries.dev.jsonl') },
    { name: 'mcp-heldout', tools: join(mcp, 'tools.jsonl'), queries: join(mcp, 'queries.heldout.jsonl') },
  ];
  const wanted = (args.sets ?? 'stb,mcp-dev,mcp-heldout,short-dev,short-heldout,pair-dev,pair-heldout').split(',');
  if (wanted.some((name) => name.startsWith('short-') || name.startsWith('pair-'))) {
    // Short single-call tasks (MCPToolBench++): built locally, not redistributed (bench/data/mcptoolbench/LICENSE.md).
    const short = shortTasksDir(root);
    all.push({ name: 'short-dev', tools: join(short, 'tools.jsonl'), queries: join(short, 'queries.dev.jsonl') });
    all.push({ name: 'short-heldout', tools: join(short, 'tools.jsonl'), queries: join(short, 'queries.heldout.jsonl') });
    // The same requests paired across servers (two-server tasks; build.py "Composed").
    all.push({ name: 'pair-dev', tools: join(short, 'tools.jsonl'), queries: join(short, 'queries.composed-dev.jsonl') });
    all.push({ name: 'pair-heldout', tools: join(short, 'tools.jsonl'), queries: join(short, 'queries.composed-heldout.jsonl') });
  }
  return all.filter((s) => wanted.includes(s.name));
}

async function measure(engine: RetrievalEngine, queries: BenchQuery[], label: string): Promise<void> {
  const cut = queries.map((q) => ({ ...q, query: q.query.slice(0, API_QUERY_CHARS) }));
  out(`${label}\n${HEADER}`);
  out(formatRow('bm25 (same index)', await evaluate(cut, async (q) => (await engine.retrieve({ query: q, topK: 10 }, { method: 'bm25' })).hits.map((h) => h.id))));
  out(formatRow('fused', await evaluate(cut, async (q) => (await engine.retrieve({ query: q, topK: 10 })).hits.map((h) => h.id))));
  out(formatRow('final (discover): ships', await evaluate(cut, async (q) => (await discover(engine, { query: q, topK: 10 })).tools.map((t) => t.id))));
  for (const name of (args.variants ?? '').split(',').filter(Boolean)) {
    const variant = RANK_VARIANTS[name];
    if (!variant) throw new Error(`unknown variant ${name}; known: ${Object.keys(RANK_VARIANTS).join(', ')}`);
    out(formatRow(`variant ${name}`, await evaluate(cut, (q) => variant(engine, q))));
  }
}

async function main(): Promise<void> {
  const catalog = await catalogDocuments(root, join(root, '.cache', 'bench', 'catalog-docs.json'));
  const embedder = withCatalogVectors(await benchEmbedder(root, join(root, '.cache', 'bench', 'doc-vectors.json'), 'int8', 1));
  const byTools = new Map<string, Set[]>();
  for (const s of sets()) byTools.set(s.tools, [...(byTools.get(s.tools) ?? []), s]);
  for (const [toolsFile, group] of byTools) {
    const own: ToolDocument[] = loadTools(toolsFile);
    if (args['bare-bm25']) {
      const bare = new RetrievalEngine({ backend: benchBackend('embedded', embedder.dimensions), embedder, candidates: 100 });
      await bare.index(own);
      for (const s of group) {
        const queries = loadQueries(s.queries).map((q) => ({ ...q, query: q.query.slice(0, API_QUERY_CHARS) }));
        out(formatRow(`${s.name}: bm25, own tools alone`, await evaluate(queries, async (q) => (await bare.retrieve({ query: q, topK: 10 }, { method: 'bm25' })).hits.map((h) => h.id))));
      }
      await bare.backend.close();
    }
    const engine = new RetrievalEngine({ backend: benchBackend('embedded', embedder.dimensions), embedder, candidates: 100 });
    try {
      await engine.index([...own, ...catalog]);
      embedder.save?.();
      for (const s of group) {
        const queries = loadQueries(s.queries);
        await measure(engine, queries, `\n[${s.name}] ${queries.length} queries; index ${own.length} + catalog ${catalog.length} tools`);
      }
    } finally {
      await engine.backend.close();
    }
  }
  await embedder.close?.();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
