// Retrieval latency and throughput of the running service on ≥ 10,000 tools, top_k 5, for the
// embedded and the Elasticsearch backend in one run: indexing through POST /v2/index_tools,
// uncached retrievals (every query text new, so the query embedding is computed each time)
// measured server-side (the retrieval service the routes call) and over HTTP (GET
// /retrieve_tools from a separate client process: latency one request at a time, throughput
// with --concurrency requests in flight), then cached retrievals. Each phase uses query texts
// no earlier phase sent, so the query embedding and the response are never cached.
// Usage: npm run bench:retrieve -- [--backend embedded|elasticsearch|both] [--tools 10000] [--concurrency 8] [--port N]
//   [--embed-docs] (let the service embed the corpus instead of seeding its vector store from
//   .cache/bench/: the only way to measure indexing throughput, ~10 minutes for 10k tools here)
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadQueries, loadTools } from './lib/corpus.ts';
import { parseArgs } from './lib/engines.ts';
import { startBenchService } from './lib/bench-service.ts';
import { seedDocumentVectors } from './lib/seed-vectors.ts';
import { synthesize } from './lib/synthesize.ts';

const root = join(import.meta.dirname, '..');
const args = parseArgs(process.argv.slice(2));
const shared = join(root, '..', 'shared', 'data', 'stabletoolbench');
const backends = (args.backend && args.backend !== 'both' ? [args.backend] : ['embedded', 'elasticsearch']) as ('embedded' | 'elasticsearch')[];
const target = Number(args.tools ?? 10_000);
const concurrency = Number(args.concurrency ?? 8);
const out = (s: string) => process.stdout.write(s);
const run = promisify(execFile);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const f1 = (x: number) => x.toFixed(1);
/** Server-side calls search the public catalog, as an anonymous GET /retrieve_tools does. */
const ANONYMOUS = { userId: null, isAdmin: false };

/** Distinct agent-style queries within the API's 500-character bound: each dev query, and each of its sentences. */
function queryTexts(): string[] {
  const all = new Set<string>();
  for (const q of loadQueries(join(shared, 'queries.dev.jsonl'))) {
    all.add(q.query);
    for (const s of q.query.split(/(?<=[.!?])\s+/)) if (s.split(' ').length >= 4) all.add(s);
  }
  return [...all].filter((q) => q.length <= 500);
}

interface LoadResult { requests: number; errors: number; rps: number; p50: number; p99: number; clientCpuMs: number; serverCpuMs: number }

/** Runs the load client in its own process; serverCpuMs is this (the server's) process CPU per request, worker threads included. */
async function httpLoad(spec: Record<string, unknown>): Promise<LoadResult> {
  const cpu0 = process.cpuUsage();
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'lib', 'http-load.ts'), JSON.stringify(spec)], { maxBuffer: 1 << 20 });
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as Omit<LoadResult, 'serverCpuMs'>;
  const cpu = process.cpuUsage(cpu0);
  return { ...result, serverCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, result.requests) };
}
const cpuNote = (r: LoadResult) => `cpu/request: server ${r.serverCpuMs.toFixed(1)} ms, load client ${r.clientCpuMs.toFixed(1)} ms; load average ${loadavg()[0].toFixed(2)}`;

async function bench(backend: 'embedded' | 'elasticsearch', port: number, queries: string[]): Promise<void> {
  const svc = await startBenchService(backend, port);
  try {
    const corpus = synthesize(loadTools(join(shared, 'tools.jsonl')), target);
    const tools = corpus.map((t) => ({ name: t.name, server: t.server, description: t.description, input_schema: t.inputSchema ?? undefined, category: t.category ?? undefined }));
    if (!args['embed-docs']) out(`\n[${backend}] seeded ${await seedDocumentVectors(svc.db, svc.search.embedderId, tools)} document vectors from .cache/bench/ (indexing below skips embedding)\n`);
    const t0 = performance.now();
    const res = await fetch(`${svc.url}/v2/index_tools`, { method: 'POST', headers: { ...svc.headers, 'content-type': 'application/json' }, body: JSON.stringify({ tools }) });
    const accepted = (await res.json()) as { status_url?: string; accepted?: number; indexed?: number };
    for (let status = ''; accepted.status_url && status !== 'completed'; ) {
      await new Promise((r) => setTimeout(r, 500));
      status = ((await (await fetch(`${svc.url}${accepted.status_url}`, { headers: svc.headers })).json()) as { status: string }).status;
    }
    const seconds = (performance.now() - t0) / 1000;
    const indexed = await svc.search.engine.backend.count();
    // Lucene builds HNSW graphs and merges segments in the background after a bulk load; measure
    // the steady state, not that catch-up (it took the CPU from the first run's figures).
    if (backend === 'elasticsearch') await fetch(`${svc.esUrl}/${svc.esIndex}/_forcemerge?max_num_segments=1`, { method: 'POST' });
    out(`\n[${backend}] indexed ${indexed} tools through POST /v2/index_tools in ${f1(seconds)} s: ${Math.round(indexed / seconds)} tools/s\n`);

    // Server-side, uncached: one at a time, as a route handler calls it.
    const serverSide: number[] = [];
    const serverQueries = queries.slice(0, 300);
    const s0 = performance.now();
    const sc0 = process.cpuUsage();
    for (const query of serverQueries) {
      const q0 = performance.now();
      await svc.retrieval.retrieve(ANONYMOUS, { query, topK: 5 });
      serverSide.push(performance.now() - q0);
    }
    const serverRps = serverQueries.length / ((performance.now() - s0) / 1000);
    const sc = process.cpuUsage(sc0);
    out(`  server-side uncached  n=${serverSide.length}  p50 ${f1(pct(serverSide, 0.5))} ms  p99 ${f1(pct(serverSide, 0.99))} ms  ${Math.round(serverRps)} req/s (sequential; cpu ${((sc.user + sc.system) / 1000 / serverQueries.length).toFixed(1)} ms/request)\n`);

    const path = '/retrieve_tools';
    // Latency: one request at a time, so no request waits behind another.
    const oneQueries = queries.slice(300, 500);
    const one = await httpLoad({ url: svc.url, path, headers: svc.headers, queries: oneQueries, concurrency: 1, count: oneQueries.length });
    out(`  HTTP uncached         n=${one.requests}  p50 ${f1(one.p50)} ms  p99 ${f1(one.p99)} ms  ${Math.round(one.rps)} req/s (one at a time, errors ${one.errors}; ${cpuNote(one)})\n`);
    // Throughput: `concurrency` requests in flight; latency then includes queueing.
    const httpQueries = queries.slice(500);
    const uncached = await httpLoad({ url: svc.url, path, headers: svc.headers, queries: httpQueries, concurrency, count: httpQueries.length });
    out(`  HTTP uncached         n=${uncached.requests}  p50 ${f1(uncached.p50)} ms  p99 ${f1(uncached.p99)} ms  ${Math.round(uncached.rps)} req/s (concurrency ${concurrency}, errors ${uncached.errors}; ${cpuNote(uncached)})\n`);

    const hot = queries.slice(0, 50);
    const c0 = performance.now();
    let cachedN = 0;
    while (performance.now() - c0 < 3000) await svc.retrieval.retrieve(ANONYMOUS, { query: hot[cachedN++ % hot.length], topK: 5 });
    out(`  server-side cached    ${Math.round(cachedN / ((performance.now() - c0) / 1000))} req/s\n`);
    const cached = await httpLoad({ url: svc.url, path, headers: svc.headers, queries: hot, concurrency: concurrency * 2, durationMs: 5000 });
    out(`  HTTP cached           n=${cached.requests}  p50 ${f1(cached.p50)} ms  p99 ${f1(cached.p99)} ms  ${Math.round(cached.rps)} req/s (concurrency ${concurrency * 2}, errors ${cached.errors}; ${cpuNote(cached)})\n`);
  } finally {
    await svc.close();
  }
}

async function main(): Promise<void> {
  const queries = queryTexts();
  out(`stabletoolbench grown to ≥ ${target} tools; ${queries.length} distinct queries; top_k 5; load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  // --port: a fixed first port (one per backend), for machines where port ranges are shared out.
  let port = args.port ? Number(args.port) : 3900 + Math.floor(Math.random() * 50);
  for (const backend of backends) await bench(backend, port++, queries);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
