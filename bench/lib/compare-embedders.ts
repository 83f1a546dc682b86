// Compares embedding candidates on quality (vector part and fused) and query latency.
// Usage: npx tsx bench/lib/compare-embedders.ts [--tools FILE] [--queries FILE]
import { join } from 'node:path';
import { EmbeddedBackend } from '../../search/backends/embedded.ts';
import { RetrievalEngine } from '../../search/engine.ts';
import { DEFAULT_FUSION } from '../../search/fusion.ts';
import { createLocalMiniLm } from '../../search/embedding/local-minilm.ts';
import { embeddingText } from '../../search/text/tool-text.ts';
import { loadQueries, loadTools } from './corpus.ts';
import { parseArgs } from './engines.ts';
import { formatRow, HEADER, mean, scoreRanking } from './metrics.ts';
import { createStaticFromMiniLm } from './static-model.ts';
import { withDiskCache } from './vector-cache.ts';

const root = join(import.meta.dirname, '..', '..');
const args = parseArgs(process.argv.slice(2));
const shared = join(root, '..', 'shared', 'data', 'stabletoolbench');
const tools = loadTools(args.tools ?? join(shared, 'tools.jsonl'));
const queries = loadQueries(args.queries ?? join(shared, 'queries.dev.jsonl'));
const modelDir = join(root, '.cache', 'models', 'all-minilm-l6-v2');
const out = (s: string) => process.stdout.write(s);

const candidates = [
  withDiskCache(await createLocalMiniLm({ modelDir, threads: 1, queryModel: 'fp32' }), join(root, '.cache', 'bench', 'doc-vectors.json')),
  withDiskCache(await createLocalMiniLm({ modelDir, threads: 1, queryModel: 'int8' }), join(root, '.cache', 'bench', 'doc-vectors.json')),
  await createStaticFromMiniLm(modelDir, join(root, '.cache', 'bench'), tools.map(embeddingText)),
];
const labels = ['minilm fp32 queries', 'minilm int8 queries', 'static distilled'];
out(HEADER);
for (const embedder of candidates) {
  const engine = new RetrievalEngine({ backend: new EmbeddedBackend({ dimensions: embedder.dimensions }), embedder, candidates: 100 });
  await engine.index(tools);
  (embedder as { save?(): void }).save?.();
  for (const fusion of [{ method: 'vector' as const }, DEFAULT_FUSION]) {
    const ms = [];
    for (const q of queries) ms.push(scoreRanking((await engine.retrieve({ query: q.query, topK: 10 }, fusion)).hits.map((h) => h.id), q.relevant));
    out(formatRow(`${labels[candidates.indexOf(embedder)]} ${fusion.method}`, mean(ms)));
  }
  const lat: number[] = [];
  for (const q of queries) {
    const t = performance.now();
    const text = `${q.query} ${lat.length}`;
    await (embedder.embedQuery ? embedder.embedQuery(text) : embedder.embed([text]));
    lat.push(performance.now() - t);
  }
  lat.sort((a, b) => a - b);
  out(`  query embedding (1 thread, uncached): p50 ${lat[Math.floor(lat.length / 2)].toFixed(2)} ms, p99 ${lat[Math.floor(lat.length * 0.99)].toFixed(2)} ms\n`);
}
