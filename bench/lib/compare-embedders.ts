// Compares local embedding models on quality (vector part and fused, dev split), on the
// stability of document vectors in batches, and on the cost of one query embedding.
// Usage: npx tsx bench/lib/compare-embedders.ts [--models all-minilm-l6-v2,bge-small-en-v1.5,…]
//        [--tools FILE] [--queries FILE] [--runs 100] [--skip-quality] [--skip-latency]
// Each model is a folder under .cache/models/ as scripts/fetch-model.mjs writes it (its
// manifest says pooling and prefixes). Variants: `<folder>` (the manifest's prefixes),
// `<folder>+instruct` (bge's retrieval instruction before queries), `<folder>:fp32` (fp32 queries).
// Document vectors are cached in .cache/bench/doc-vectors.json per model id (the other benches
// read the same file). Latency: one query at a time on one worker thread with one intra-op
// thread, the int8 graph, as the service runs queries; CPU is the whole process's.
import { cpuUsage } from 'node:process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddedBackend } from '../../search/backends/embedded.ts';
import { RetrievalEngine } from '../../search/engine.ts';
import { DEFAULT_FUSION } from '../../search/fusion.ts';
import { createLocalModel } from '../../search/embedding/local-model.ts';
import { readModelSpec } from '../../search/embedding/model-spec.ts';
import { dot } from '../../search/embedding/types.ts';
import { EmbeddingWorkerPool } from '../../search/embedding/worker-pool.ts';
import { createWordPiece } from '../../search/embedding/wordpiece.ts';
import { embeddingText } from '../../search/text/tool-text.ts';
import { loadQueries, loadTools } from './corpus.ts';
import { devSplitDir } from './dev-split.ts';
import { parseArgs } from './engines.ts';
import { formatRow, HEADER, mean, scoreRanking } from './metrics.ts';
import { withDiskCache } from './vector-cache.ts';

/** bge-small-en-v1.5's instruction for short queries that look for passages (its model card). */
const BGE_INSTRUCTION = 'Represent this sentence for searching relevant passages: ';

const root = join(import.meta.dirname, '..', '..');
const args = parseArgs(process.argv.slice(2));
const dir = devSplitDir(root);
const tools = loadTools(args.tools ?? join(dir, 'tools.jsonl'));
const queries = loadQueries(args.queries ?? join(dir, 'queries.dev.jsonl'));
const variants = (args.models ?? 'all-minilm-l6-v2,bge-small-en-v1.5,bge-small-en-v1.5+instruct,e5-small-v2').split(',');
const runs = Number(args.runs ?? 100);
const out = (s: string) => process.stdout.write(s);
const modelDirOf = (folder: string) => join(root, '.cache', 'models', folder);

function parseVariant(variant: string) {
  const [base, queryModel = 'int8'] = variant.split(':');
  const [folder, flag] = base.split('+');
  return { folder, queryModel: queryModel as 'int8' | 'fp32', spec: flag === 'instruct' ? { queryPrefix: BGE_INSTRUCTION } : {} };
}

async function quality(variant: string): Promise<void> {
  const { folder, queryModel, spec } = parseVariant(variant);
  const embedder = withDiskCache(await createLocalModel({ modelDir: modelDirOf(folder), threads: 2, queryModel, queryWorkers: 1, spec }), join(root, '.cache', 'bench', 'doc-vectors.json'));
  const engine = new RetrievalEngine({ backend: new EmbeddedBackend({ dimensions: embedder.dimensions }), embedder, candidates: 100 });
  const t0 = performance.now();
  await engine.index(tools);
  embedder.save();
  out(`# ${variant}: ${tools.length} documents in ${((performance.now() - t0) / 1000).toFixed(1)} s (cached vectors are free)\n`);
  for (const fusion of [{ method: 'vector' as const }, DEFAULT_FUSION]) {
    const ms = [];
    for (const q of queries) ms.push(scoreRanking((await engine.retrieve({ query: q.query, topK: 10 }, fusion)).hits.map((h) => h.id), q.relevant));
    out(formatRow(`${variant} ${fusion.method}`, mean(ms)));
  }
  await embedder.close?.();
}

/** Smallest cosine between a document's vector in a batch of 32 and alone, fp32 and int8 graphs. */
async function batchStability(folder: string): Promise<void> {
  const modelDir = modelDirOf(folder);
  const spec = readModelSpec(modelDir);
  const tokenizer = createWordPiece(JSON.parse(readFileSync(join(modelDir, 'tokenizer.json'), 'utf8')));
  const seqs = tools.slice(0, 64).map((t) => tokenizer.encode(spec.documentPrefix + embeddingText(t), 128));
  const line = [`# ${folder} batch of 32 vs alone, min cosine:`];
  for (const file of ['model.onnx', 'model.int8.onnx']) {
    const pool = new EmbeddingWorkerPool(join(modelDir, file), spec, 1, { graphOptimizationLevel: file === 'model.onnx' ? 'all' : spec.queryOptimization, intraOpThreads: 2 });
    await pool.ready();
    let min = 1;
    for (let s = 0; s < seqs.length; s += 32) {
      const batch = await pool.embedBatch(seqs.slice(s, s + 32));
      for (let i = 0; i < batch.length; i++) min = Math.min(min, dot(batch[i], await pool.embed(seqs[s + i])));
    }
    await pool.close();
    line.push(`${file} ${min.toFixed(5)}`);
  }
  out(`${line.join(' ')}\n`);
}

/** Dev queries cut to about `tokens` WordPiece tokens (whole words), one per query long enough. */
function textsOf(tokens: number, tokenizer: ReturnType<typeof createWordPiece>): string[] {
  const texts: string[] = [];
  for (const q of queries) {
    const words = q.query.split(/\s+/);
    for (let n = 1; n <= words.length; n++) {
      const text = words.slice(0, n).join(' ');
      if (tokenizer.encode(text, 512).length >= tokens) {
        texts.push(text);
        break;
      }
    }
  }
  return texts;
}

async function latency(variant: string): Promise<void> {
  const { folder, queryModel, spec } = parseVariant(variant);
  const modelDir = modelDirOf(folder);
  const tokenizer = createWordPiece(JSON.parse(readFileSync(join(modelDir, 'tokenizer.json'), 'utf8')));
  const provider = await createLocalModel({ modelDir, queryModel, queryWorkers: 1, spec });
  const line = [`# ${variant} query embedding (${queryModel}, 1 worker, 1 thread):`];
  for (const tokens of [31, 60]) {
    const texts = textsOf(tokens, tokenizer);
    for (let i = 0; i < 10; i++) await provider.embedQuery!(texts[i % texts.length]);
    const wall: number[] = [];
    const c0 = cpuUsage();
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await provider.embedQuery!(texts[i % texts.length]);
      wall.push(performance.now() - t);
    }
    const cpu = cpuUsage(c0);
    wall.sort((a, b) => a - b);
    line.push(`~${tokens} tokens p50 ${wall[Math.floor(runs / 2)].toFixed(2)} ms p99 ${wall[Math.floor(runs * 0.99)].toFixed(2)} ms cpu ${((cpu.user + cpu.system) / 1000 / runs).toFixed(2)} ms;`);
  }
  await provider.close?.();
  out(`${line.join(' ')}\n`);
}

const { execSync } = await import('node:child_process');
out(`load: ${execSync('uptime').toString().trim()}\n`);
if (args['skip-quality'] !== 'true') {
  out(HEADER);
  for (const v of variants) await quality(v);
}
if (args['skip-stability'] !== 'true') for (const folder of new Set(variants.map((v) => parseVariant(v).folder))) await batchStability(folder);
if (args['skip-latency'] !== 'true') for (const v of variants) await latency(v);
out(`load: ${execSync('uptime').toString().trim()}\n`);
