// Engine-level retrieval latency on ≥ 10,000 tools: top_k 5, query embedding included (cache
// cleared before every query), through `discover` as the routes call it; plus indexing
// throughput. Usage: npx tsx bench/retrieve-engine.ts [--backend embedded|elasticsearch|both] [--tools N]
//   [--query-workers N] (query-embedding threads; default the service's, 0 = main thread)
//   [--forcemerge] (Elasticsearch: merge the index to one segment after the build, as a settled
//   index approaches; the build leaves tens of segments, each searched for kNN)
//   [--mix-from 10000] (synthesized tools from this position on whose vector is not cached get a mix
//   of their source tools' vectors instead of an fp32 embedding: bench/lib/seed-vectors.ts mixedVectors)
// Elasticsearch: each line also gives the share of candidates' documents served by the document
// cache, and a last section times documents read with `mget` every time against the cache,
// interleaved per query (documentsAB).
// Also prints the embedded index's memory (run with node --expose-gc for exact figures) and its build time.
// Columns: wall-clock p50/p99 of discover, p50 of the query embedding alone, p50 CPU time of
// this process per discover, worker threads included (what the wall clock would approach on
// an idle machine).
import { join } from 'node:path';
import { Client } from '@elastic/elasticsearch';
import { ElasticsearchBackend } from '../search/backends/elasticsearch.ts';
import { discover } from '../search/discover.ts';
import { RetrievalEngine } from '../search/engine.ts';
import { QUERY_WORKERS } from '../search/service/create-search-index.ts';
import { embeddingText } from '../search/text/tool-text.ts';
import { loadQueries, loadTools } from './lib/corpus.ts';
import type { BackendName } from './lib/engines.ts';
import { benchBackend, benchEmbedder, dropIndex, parseArgs } from './lib/engines.ts';
import { mixedVectors } from './lib/seed-vectors.ts';
import { synthesize } from './lib/synthesize.ts';

const root = join(import.meta.dirname, '..');
const args = parseArgs(process.argv.slice(2));
const shared = join(root, '..', 'shared', 'data', 'stabletoolbench');
const backends: BackendName[] = args.backend === 'both' || !args.backend ? ['embedded', 'elasticsearch'] : [args.backend as BackendName];
const out = (s: string) => process.stdout.write(s);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const fmt = (x: number) => x.toFixed(1).padStart(7);

/** Elasticsearch's document cache: hits and misses since the last call, as "hit rate h/(h+m)". */
function cacheMeter(backend: unknown): () => string {
  let last = { hits: 0, misses: 0 };
  return () => {
    const now = backend instanceof ElasticsearchBackend ? backend.documentCacheStats() : null;
    if (!now) return '';
    const hits = now.hits - last.hits;
    const misses = now.misses - last.misses;
    last = now;
    return `  documents from the cache ${hits}/${hits + misses} (${hits + misses ? ((100 * hits) / (hits + misses)).toFixed(0) : '—'}%)`;
  };
}

/** The index's size on disk and segments (as the rebuild left it: the service does not force-merge), and the node's JVM heap in use. */
async function elasticsearchFootprint(backend: unknown): Promise<string> {
  const url = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';
  const alias = (backend as { alias: string }).alias;
  const get = async (path: string) => (await (await fetch(`${url}${path}`)).json()) as Record<string, unknown>;
  const stats = ((await get(`/${alias}/_stats/store,segments`)) as { _all: { primaries: { store: { size_in_bytes: number }; segments: { count: number } } } })._all.primaries;
  const nodes = ((await get('/_nodes/stats/jvm')) as { nodes: Record<string, { jvm: { mem: { heap_used_in_bytes: number; heap_max_in_bytes: number } } }> }).nodes;
  const { heap_used_in_bytes: used, heap_max_in_bytes: max } = Object.values(nodes)[0].jvm.mem;
  const mb = (b: number) => `${(b / 1048576).toFixed(0)} MB`;
  return `on disk ${mb(stats.store.size_in_bytes)} in ${stats.segments.count} segments; JVM heap in use ${mb(used)} of ${mb(max)} (whole node)`;
}

/**
 * Elasticsearch: the candidates' documents read with an `mget` every time (what every retrieval
 * did before the document cache; a second backend on the same index with the cache off) against
 * the cache, per query one after the other in alternating order, so both see the same load. Query
 * vectors are cached; `score` holds the documents' wait. A first pass over queries the cache has
 * not seen (a fresh cache: every hit is a document an earlier query of the pass already fetched),
 * then the same queries again.
 */
async function documentsAB(engine: RetrievalEngine, long: string[], short: string[]): Promise<void> {
  const alias = (engine.backend as unknown as { alias: string }).alias;
  const client = () => new Client({ node: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200' });
  const fresh = (chars?: number) =>
    new RetrievalEngine({
      backend: new ElasticsearchBackend({ client: client(), ownsClient: true, alias, dimensions: engine.embedder.dimensions, documentCacheChars: chars }),
      embedder: engine.embedder,
      candidates: 100,
    });
  const plain = fresh(0);
  const cached = fresh();
  const meter = cacheMeter(cached.backend);
  out(`documents: mget every time vs the document cache, interleaved (score / rank p50 / p99 ms):\n`);
  for (const pass of ['unseen', 'again'] as const) {
    for (const [label, queries] of [['long (dev, 44 words)', long], ['short (first 8 words)', short]] as const) {
      const t = { mgetScore: [] as number[], mgetRank: [] as number[], cacheScore: [] as number[], cacheRank: [] as number[] };
      let i = 0;
      for (const q of queries) {
        await engine.queryCache.embed(q);
        await plain.queryCache.embed(q);
        await cached.queryCache.embed(q);
        const runs = [
          async () => {
            const s = performance.now();
            const r = await discover(plain, { query: q, topK: 5 });
            t.mgetRank.push(performance.now() - s);
            t.mgetScore.push(r.timings.scoreMs);
          },
          async () => {
            const s = performance.now();
            const r = await discover(cached, { query: q, topK: 5 });
            t.cacheRank.push(performance.now() - s);
            t.cacheScore.push(r.timings.scoreMs);
          },
        ];
        for (const run of i++ % 2 ? runs.reverse() : runs) await run();
      }
      const both = (xs: number[]) => `${pct(xs, 0.5).toFixed(2)} / ${pct(xs, 0.99).toFixed(2)}`;
      out(`${`${label}, ${pass}`.padEnd(36)}mget: score ${both(t.mgetScore)}, rank ${both(t.mgetRank)}; cache: score ${both(t.cacheScore)}, rank ${both(t.cacheRank)}${meter()}; load ${(await import('node:os')).loadavg()[0].toFixed(2)}\n`);
    }
  }
  await plain.backend.close();
  await cached.backend.close();
}

async function main(): Promise<void> {
  const real = loadTools(join(shared, 'tools.jsonl'));
  const tools = synthesize(real, Number(args.tools ?? 10_000));
  const long = loadQueries(join(shared, 'queries.dev.jsonl')).map((q) => q.query);
  // Agent-style queries are short: the first 8 words of each request.
  const short = long.map((q) => q.split(/\s+/).slice(0, 8).join(' '));
  const workers = Number(args['query-workers'] ?? QUERY_WORKERS);
  const embedder = (await benchEmbedder(root, join(root, '.cache', 'bench', 'doc-vectors-synthetic.json'), 'int8', workers)) as Awaited<ReturnType<typeof benchEmbedder>> & { cached(text: string): Float32Array | undefined };
  const os = await import('node:os');
  out(`tools ${tools.length} (${tools.length - 2479} synthesized), model ${embedder.id}, query model int8 on ${workers} worker thread(s), ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);

  // Indexing throughput, part 1: embedding uncached texts (fp32, batches of 32).
  const sample = tools.slice(-500).map((t) => `${embeddingText(t)} #${Date.now()}`);
  let t0 = performance.now();
  await embedder.embed(sample);
  const embedRate = sample.length / ((performance.now() - t0) / 1000);
  out(`embedding throughput (uncached, documents): ${embedRate.toFixed(0)} tools/s\n`);
  const texts = tools.map(embeddingText);
  const mixed = await mixedVectors(embedder, texts, { mixFrom: Number(args['mix-from'] ?? 10_000), originals: real.length });
  const rest = tools.filter((_, i) => !mixed.has(texts[i]));
  const embedded = await new RetrievalEngine({ backend: benchBackend('embedded', embedder.dimensions), embedder }).embedTools(rest);
  const byId = new Map(embedded.map((t) => [t.doc.id, t.vector]));
  const indexed = tools.map((doc, i) => ({ doc, vector: mixed.get(texts[i]) ?? byId.get(doc.id)! }));
  embedder.save?.();
  out(`vectors: ${embedded.length} embedded or cached, ${mixed.size} mixed from their source tools' vectors\n`);
  const held = () => {
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };

  for (const kind of backends) {
    const engine = new RetrievalEngine({ backend: benchBackend(kind, embedder.dimensions), embedder, candidates: 100 });
    try {
      const bytes0 = held();
      t0 = performance.now();
      // A rebuild, as a process start builds its index from stored vectors (search/service/open-search-index.ts).
      await engine.backend.rebuild(indexed);
      const secs = (performance.now() - t0) / 1000;
      const grown = held() - bytes0;
      if (kind === 'elasticsearch' && args.forcemerge) {
        const m0 = performance.now();
        const alias = (engine.backend as unknown as { alias: string }).alias;
        // As a task, polled: merging 100,000 vectors' HNSW graphs outlasts fetch's 300 s wait for headers.
        const es = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';
        const { task } = (await (await fetch(`${es}/${alias}/_forcemerge?max_num_segments=1&wait_for_completion=false`, { method: 'POST' })).json()) as { task: string };
        while (!((await (await fetch(`${es}/_tasks/${task}`)).json()) as { completed: boolean }).completed) await new Promise((r) => setTimeout(r, 2_000));
        out(`[${kind}] force-merged to one segment in ${((performance.now() - m0) / 1000).toFixed(1)} s\n`);
      }
      out(`\n[${kind}] index build (rebuild, vectors precomputed): ${(indexed.length / secs).toFixed(0)} tools/s (${secs.toFixed(1)} s for ${await engine.backend.count()} tools)${kind === 'embedded' ? `; this process holds +${(grown / 1048576).toFixed(0)} MB, ${((grown / indexed.length) * 10_000 / 1048576).toFixed(0)} MB per 10,000 tools${(globalThis as { gc?: unknown }).gc ? '' : ' (no --expose-gc)'}` : `; ${await elasticsearchFootprint(engine.backend)}`}\n`);
      const meter = cacheMeter(engine.backend);
      meter();
      out(`${'queries'.padEnd(28)}${'p50 ms'.padStart(7)}${'p99 ms'.padStart(7)}${'embed'.padStart(7)}${'cpu ms'.padStart(7)}${'q/s seq'.padStart(8)}${'q/s c4'.padStart(8)}\n`);
      for (const [label, queries] of [['long (dev, 44 words)', long], ['short (first 8 words)', short]] as const) {
        for (const q of queries.slice(0, 20)) await discover(engine, { query: q, topK: 5 }); // warm-up
        const lat: number[] = [];
        const emb: number[] = [];
        const cpu: number[] = [];
        for (const q of queries) {
          engine.queryCache.clear();
          const c = process.cpuUsage();
          const s = performance.now();
          await discover(engine, { query: q, topK: 5 });
          lat.push(performance.now() - s);
          const used = process.cpuUsage(c);
          cpu.push((used.user + used.system) / 1000);
          const e = performance.now();
          engine.queryCache.clear();
          await engine.queryCache.embed(q);
          emb.push(performance.now() - e);
        }
        // Throughput with 4 queries in flight (as concurrent HTTP requests would be).
        let next = 0;
        t0 = performance.now();
        await Promise.all(Array.from({ length: 4 }, async () => {
          while (next < queries.length) {
            const q = queries[next++];
            engine.queryCache.clear();
            await discover(engine, { query: `${q} `, topK: 5 });
          }
        }));
        const qps = queries.length / ((performance.now() - t0) / 1000);
        const mean = lat.reduce((a, b) => a + b, 0) / lat.length;
        out(`${label.padEnd(28)}${fmt(pct(lat, 0.5))}${fmt(pct(lat, 0.99))}${fmt(pct(emb, 0.5))}${fmt(pct(cpu, 0.5))}${(1000 / mean).toFixed(0).padStart(8)}${qps.toFixed(0).padStart(8)}${meter()}\n`);
      }
      // The ranking alone, whatever the embedding model: each query's vector is in the cache
      // (embedded just before, untimed), so the stages are main-thread work only.
      out(`ranking only (query vector cached), p50 / p99 ms:\n${'queries'.padEnd(28)}${['search', 'bm25', 'vectors', 'fusion', 'score', 'rank'].map((h) => h.padStart(16)).join('')}\n`);
      for (const [label, queries] of [['long (dev, 44 words)', long], ['short (first 8 words)', short]] as const) {
        const stages: Record<string, number[]> = { search: [], bm25: [], vectors: [], fusion: [], score: [], rank: [] };
        for (const q of queries) {
          engine.queryCache.clear();
          await engine.queryCache.embed(q);
          const s = performance.now();
          const { timings } = await discover(engine, { query: q, topK: 5 });
          stages.rank.push(performance.now() - s);
          stages.search.push(timings.searchMs);
          stages.bm25.push(timings.bm25Ms ?? NaN);
          stages.vectors.push(timings.vectorMs ?? NaN);
          stages.fusion.push(timings.fuseMs);
          stages.score.push(timings.scoreMs);
        }
        const both = (xs: number[]) => (xs.some(Number.isNaN) ? '—' : `${pct(xs, 0.5).toFixed(2)} / ${pct(xs, 0.99).toFixed(2)}`).padStart(16);
        out(`${label.padEnd(28)}${Object.values(stages).map(both).join('')}${meter()}\n`);
      }
      if (engine.backend instanceof ElasticsearchBackend) await documentsAB(engine, long, short);
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
