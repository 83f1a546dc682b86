// One query embedding's wall time on a worker thread (search/embedding/worker-pool.ts, as the
// service runs queries), for each graph, optimisation level and intra-op thread count, so the
// session options the service uses can be checked on the machine at hand (its CPU's int8 path
// decides most of it: bench/results/2026-11-25-retrieval-latency-avx512-vnni.md).
// Whole dev requests ("long") and their first 8 words ("short"), interleaved over the settings
// round by round. Then, with the service's settings, what happens between two runs: long requests
// back to back, after 6 ms idle (as between requests), after this thread touched 32 or 64 MB
// (as a request's ranking does), and with another thread busy all along (ALU or memory work):
// bench/results/2026-11-27-retrieval-latency-xeon-vnni.md, "The second stage during the query
// embedding, and the embedding's floor in the route". Usage: npx tsx bench/query-embedding.ts
// [--model e5-small-v2] [--n 150] [--rounds 3]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { readModelSpec } from '../search/embedding/model-spec.ts';
import { createWordPiece } from '../search/embedding/wordpiece.ts';
import { EmbeddingWorkerPool } from '../search/embedding/worker-pool.ts';
import { loadQueries } from './lib/corpus.ts';
import { devSplitDir } from './lib/dev-split.ts';
import { flags, out, percentiles } from './execution/harness.ts';

const args = flags(process.argv.slice(2));
const n = Number(args.n ?? 150);
const rounds = Number(args.rounds ?? 3);
const dir = join(import.meta.dirname, '..', '.cache', 'models', args.model ?? 'e5-small-v2');
const spec = readModelSpec(dir);
const tokenizer = createWordPiece(JSON.parse(readFileSync(join(dir, 'tokenizer.json'), 'utf8')));
const requests = loadQueries(join(devSplitDir(join(import.meta.dirname, '..')), 'queries.dev.jsonl')).slice(0, n).map((q) => q.query);
const sets = {
  long: requests.map((q) => tokenizer.encode(spec.queryPrefix + q, 128)),
  short: requests.map((q) => tokenizer.encode(spec.queryPrefix + q.split(/\s+/).slice(0, 8).join(' '), 128)),
};
const settings = [
  ['model.int8.onnx', 'basic', 1],
  ['model.int8.onnx', 'extended', 1],
  ['model.int8.onnx', 'all', 1],
  ['model.int8.onnx', 'extended', 2],
  ['model.onnx', 'all', 1],
  ['model.onnx', 'all', 2],
] as const;
const run = { dimensions: spec.dimensions, pooling: spec.pooling, thirdInput: spec.thirdInput };
const pools = await Promise.all(
  settings.map(async ([file, level, threads]) => {
    const pool = new EmbeddingWorkerPool(join(dir, file), run, 1, { graphOptimizationLevel: level, intraOpThreads: threads });
    await pool.ready();
    return pool;
  }),
);
const median = (xs: number[][]) => [...xs.map((x) => x.length)].sort((a, b) => a - b)[xs.length >> 1];
out(`${spec.name}, ${n} requests: long ${median(sets.long)} tokens (median), short ${median(sets.short)}; ${rounds} interleaved rounds; p50 / p99 ms`);
const times = settings.map(() => ({ long: [] as number[], short: [] as number[] }));
for (let round = 0; round < rounds; round++) {
  for (let s = 0; s < settings.length; s++) {
    for (const kind of ['long', 'short'] as const) {
      for (const ids of sets[kind]) {
        const t0 = performance.now();
        await pools[s].embed(ids);
        times[s][kind].push(performance.now() - t0);
      }
    }
  }
}
settings.forEach(([file, level, threads], s) => {
  const l = percentiles(times[s].long);
  const sh = percentiles(times[s].short);
  out(`${file.padEnd(16)} ${level.padEnd(9)} ${threads} thread${threads > 1 ? 's' : ' '}  long ${l.p50} / ${l.p99}  short ${sh.p50} / ${sh.p99}`);
});

/** What runs before each embedding (awaited), or beside all of them (a busy thread's source). */
type Between = { label: string; before?: () => Promise<void> | void; beside?: string };
const memory = new Uint8Array(64 << 20);
const touch = (mb: number) => () => {
  for (let i = 0; i < mb << 20; i += 64) memory[i]++;
};
const betweens: Between[] = [
  { label: 'back to back' },
  { label: '6 ms idle before each', before: () => new Promise((resolve) => setTimeout(resolve, 6)) },
  { label: '32 MB touched before each', before: touch(32) },
  { label: '64 MB touched before each', before: touch(64) },
  { label: 'a thread busy beside (ALU)', beside: 'let x = 0; for (;;) x++;' },
  { label: 'a thread busy beside (64 MB random)', beside: 'const a = new Int32Array(16 << 20); let x = 1; for (;;) { x = (x * 1103515245 + 12345) >>> 0; a[x & ((16 << 20) - 1)]++; }' },
];
const service = settings.findIndex(([file, level, threads]) => file === 'model.int8.onnx' && level === spec.queryOptimization && threads === 1);
const between = betweens.map(() => [] as number[]);
for (let round = 0; round < rounds; round++) {
  for (const [b, { before, beside }] of betweens.entries()) {
    const busy = beside ? new Worker(beside, { eval: true }) : null;
    if (busy) await new Promise((resolve) => setTimeout(resolve, 50));
    for (const ids of sets.long) {
      await before?.();
      const t0 = performance.now();
      await pools[service].embed(ids);
      between[b].push(performance.now() - t0);
    }
    await busy?.terminate();
  }
}
out(`${settings[service].join(' ')} thread, long requests, what happens between runs:`);
betweens.forEach(({ label }, b) => {
  const t = percentiles(between[b]);
  out(`  ${label.padEnd(38)} ${t.p50} / ${t.p99}`);
});
await Promise.all(pools.map((p) => p.close()));
