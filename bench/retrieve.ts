// Retrieval latency and throughput of the running service, top_k 5, for the embedded and the
// Elasticsearch backend in one run. The index holds the bundled catalog (through the registry
// sync, as a fresh service gets it) and the synthesized corpus (through POST /v2/index_tools,
// batches of 20,000): memory per 10,000 tools and build times are printed. Then, every phase
// with query texts no earlier phase sent (the query embedding and the response are never cached):
// - agent queries: whole dev requests (up to the API's 500 characters) through GET
//   /v2/retrieve_tools as a user, one at a time, with the stage breakdown the response's
//   Server-Timing header gives (embedding, BM25, vectors, fusion, scores, availability facts) and
//   the query event's write after the answer;
// - server-side (the retrieval service the routes call) and HTTP (GET /retrieve_tools from a
//   separate client process: latency one request at a time, throughput with --concurrency in
//   flight) with the dev requests' sentences; then cached retrievals.
// Usage: npm run bench:retrieve -- [--backend embedded|elasticsearch|both] [--tools 10000] [--concurrency 8] [--port N]
//   [--catalog false] (leave the bundled catalog out) [--database pglite] (the embedded default's database instead of Postgres)
//   [--agent-only] (stop after the agent queries: A/B pairs of the issue-39 figure in less time)
//   [--facts-cache off] (read the availability facts per retrieval, as before 2026-11-28, where the
//   embedded mode keeps them: api/services/retrieval/facts-cache.ts; the A of its A/B pairs)
//   [--embed-docs] (let the service embed the corpus instead of seeding its vector store from
//   .cache/bench/: the only way to measure indexing throughput, ~10 minutes for 10k tools here)
//   [--mix-from 10000] (synthesized tools from this position on whose vector is not cached get a
//   mix of their two source tools' vectors instead of an fp32 embedding: bench/lib/seed-vectors.ts)
import { execFile } from 'node:child_process';
import { subscribe } from 'node:diagnostics_channel';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadQueries, loadTools } from './lib/corpus.ts';
import { parseArgs } from './lib/engines.ts';
import { startBenchService } from './lib/bench-service.ts';
import { runRegistrySync } from '../api/services/registry/sync.ts';
import { waitForReindex } from '../test/registry/helpers.ts';
import { seedDocumentVectors } from './lib/seed-vectors.ts';
import { synthesize } from './lib/synthesize.ts';

const root = join(import.meta.dirname, '..');
const args = parseArgs(process.argv.slice(2));
const shared = join(root, '..', 'shared', 'data', 'stabletoolbench');
const backends = (args.backend && args.backend !== 'both' ? [args.backend] : ['embedded', 'elasticsearch']) as ('embedded' | 'elasticsearch')[];
const target = Number(args.tools ?? 10_000);
const concurrency = Number(args.concurrency ?? 8);
const withCatalog = args.catalog !== 'false';
const mixFrom = Number(args['mix-from'] ?? 10_000);
/** Tools per POST /v2/index_tools: 5,000 with schemas stay well inside the route's 16 MiB body cap. */
const POST_BATCH = 5_000;
const out = (s: string) => process.stdout.write(s);
const run = promisify(execFile);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const f1 = (x: number) => x.toFixed(1);
/** Server-side calls search the public catalog, as an anonymous GET /retrieve_tools does. */
const ANONYMOUS = { userId: null, isAdmin: false };

/**
 * Distinct agent-style queries within the API's 500-character bound: `whole` dev requests (what
 * an agent sends: ~44 words), and `parts`, each request's sentences that are not a whole request.
 */
function queryTexts(): { whole: string[]; parts: string[] } {
  const whole = new Set<string>();
  const parts = new Set<string>();
  for (const q of loadQueries(join(shared, 'queries.dev.jsonl'))) {
    if (q.query.length <= 500) whole.add(q.query);
    for (const s of q.query.split(/(?<=[.!?])\s+/)) if (s.split(' ').length >= 4 && s.length <= 500) parts.add(s);
  }
  for (const w of whole) parts.delete(w);
  return { whole: [...whole], parts: [...parts] };
}

/** Bytes the process holds (V8 heap, and ArrayBuffers and WebAssembly memories outside it), after a GC when --expose-gc allows. */
function heldBytes(): { heap: number; external: number; rss: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, external: m.external, rss: m.rss };
}
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  clientCpuMs: number;
  serverCpuMs: number;
  stages: Record<string, { n: number; p50: number; p99: number }>;
}

/** Runs the load client in its own process; serverCpuMs is this (the server's) process CPU per request, worker threads included. */
async function httpLoad(spec: Record<string, unknown>): Promise<LoadResult> {
  const cpu0 = process.cpuUsage();
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'lib', 'http-load.ts'), JSON.stringify(spec)], { maxBuffer: 1 << 20 });
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as Omit<LoadResult, 'serverCpuMs'>;
  const cpu = process.cpuUsage(cpu0);
  return { ...result, serverCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, result.requests) };
}
const cpuNote = (r: LoadResult) => `cpu/request: server ${r.serverCpuMs.toFixed(1)} ms, load client ${r.clientCpuMs.toFixed(1)} ms; load average ${loadavg()[0].toFixed(2)}`;

/** Query events written after the answers (api/services/retrieval/retrieve.ts EVENT_WRITE_CHANNEL), ms each. */
const eventWrites: number[] = [];
subscribe('switchboard:retrieval:event-write', (message) => eventWrites.push((message as { ms: number }).ms));

async function bench(backend: 'embedded' | 'elasticsearch', port: number, texts: { whole: string[]; parts: string[] }): Promise<void> {
  const queries = texts.parts;
  const svc = await startBenchService(backend, port, { pglite: args.database === 'pglite' });
  if (args['facts-cache'] === 'off') await svc.retrieval.facts.close();
  try {
    const before = heldBytes();
    const real = loadTools(join(shared, 'tools.jsonl'));
    const corpus = synthesize(real, target);
    const tools = corpus.map((t) => ({ name: t.name, server: t.server, description: t.description, input_schema: t.inputSchema ?? undefined, category: t.category ?? undefined }));
    if (!args['embed-docs']) {
      const seeded = await seedDocumentVectors(svc.db, svc.search.embedderId, tools, { mixFrom, originals: real.length });
      out(`\n[${backend}] seeded ${seeded.seeded} document vectors from .cache/bench/ (${seeded.mixed} of them mixed from their source tools' vectors; indexing below skips embedding)\n`);
    }
    const t0 = performance.now();
    for (let i = 0; i < tools.length; i += POST_BATCH) {
      const res = await fetch(`${svc.url}/v2/index_tools`, { method: 'POST', headers: { ...svc.headers, 'content-type': 'application/json' }, body: JSON.stringify({ tools: tools.slice(i, i + POST_BATCH) }) });
      const accepted = (await res.json()) as { status_url?: string; accepted?: number; indexed?: number };
      if (!res.ok) throw new Error(`POST /v2/index_tools answered ${res.status}: ${JSON.stringify(accepted)}`);
      for (let status = ''; accepted.status_url && status !== 'completed'; ) {
        await new Promise((r) => setTimeout(r, 500));
        status = ((await (await fetch(`${svc.url}${accepted.status_url}`, { headers: svc.headers })).json()) as { status: string }).status;
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    const synthesized = await svc.search.engine.backend.count();
    out(`\n[${backend}] indexed ${synthesized} tools through POST /v2/index_tools in ${f1(seconds)} s: ${Math.round(synthesized / seconds)} tools/s\n`);
    if (withCatalog) {
      const c0 = performance.now();
      const synced = await runRegistrySync(svc.temporal, { requestedBy: 'bench' });
      // Counted before the catalog's reindex workflow ended, Elasticsearch held 805 of its 8,276 tools (2026-11-27).
      await waitForReindex(svc, synced.reindex_workflow_id);
      const catalogSeconds = (performance.now() - c0) / 1000;
      out(`[${backend}] bundled catalog synced and indexed (registry sync workflow): ${(await svc.search.engine.backend.count()) - synthesized} tools in ${f1(catalogSeconds)} s\n`);
    }
    const indexed = await svc.search.engine.backend.count();
    const after = heldBytes();
    const per10k = (bytes: number) => mb((bytes / indexed) * 10_000);
    out(`[${backend}] ${indexed} tools in the index; this process holds +${mb(after.heap - before.heap)} MB heap, +${mb(after.external - before.external)} MB outside it (ArrayBuffers, WebAssembly), RSS +${mb(after.rss - before.rss)} MB: per 10,000 tools ${per10k(after.heap - before.heap)} + ${per10k(after.external - before.external)} MB (RSS ${per10k(after.rss - before.rss)} MB)${(globalThis as { gc?: unknown }).gc ? '' : ' (no --expose-gc: figures include garbage)'}\n`);
    // Lucene builds HNSW graphs and merges segments in the background after a bulk load; measure
    // the steady state, not that catch-up (it took the CPU from the first run's figures).
    if (backend === 'elasticsearch') {
      await fetch(`${svc.esUrl}/${svc.esIndex}/_forcemerge?max_num_segments=1`, { method: 'POST' });
      const stats = (await (await fetch(`${svc.esUrl}/${svc.esIndex}/_stats/store`)).json()) as { _all?: { primaries?: { store?: { size_in_bytes?: number } } } };
      const bytes = stats._all?.primaries?.store?.size_in_bytes ?? 0;
      out(`[${backend}] Elasticsearch index on disk: ${mb(bytes)} MB, per 10,000 tools ${per10k(bytes)} MB (the JVM's heap is not counted)\n`);
    }

    // Agent queries through GET /v2/retrieve_tools, as a user (its scope read, its query events written).
    const user = await fetch(`${svc.url}/admin/users`, { method: 'POST', headers: { ...svc.headers, 'content-type': 'application/json' }, body: JSON.stringify({ email: `bench-${Date.now()}@bench.test`, plan: 'enterprise' }) });
    if (user.status !== 201) throw new Error(`POST /admin/users answered ${user.status}: ${await user.text()}`);
    const created = (await user.json()) as { api_key: string; user_id: string };
    const agentHeaders = { authorization: `Bearer ${created.api_key}` };
    eventWrites.length = 0;
    const facts0 = { ...svc.retrieval.facts.stats };
    const agent = await httpLoad({ url: svc.url, path: '/v2/retrieve_tools', headers: agentHeaders, queries: texts.whole, concurrency: 1, count: texts.whole.length });
    const total = agent.stages.total;
    out(`  v2 agent queries      n=${agent.requests}  client p50 ${f1(agent.p50)} ms  p99 ${f1(agent.p99)} ms; server-side (Server-Timing total) p50 ${f1(total?.p50 ?? NaN)} ms  p99 ${f1(total?.p99 ?? NaN)} ms (one at a time, whole dev requests, errors ${agent.errors}; ${cpuNote(agent)})\n`);
    out(`    stages p50 / p99 ms: ${Object.entries(agent.stages).filter(([name]) => name !== 'total').map(([name, st]) => `${name} ${st.p50.toFixed(2)} / ${st.p99.toFixed(2)}`).join(', ')}\n`);
    await new Promise((r) => setTimeout(r, 500));
    out(`    query event write (after the answer): n=${eventWrites.length}  p50 ${f1(pct(eventWrites, 0.5) ?? NaN)} ms  p99 ${f1(pct(eventWrites, 0.99) ?? NaN)} ms\n`);
    const facts = svc.retrieval.facts.stats;
    out(`    availability facts: ${svc.retrieval.facts.active ? 'kept in process' : 'read per retrieval'}; ${facts.reads - facts0.reads} database reads for ${facts.calls - facts0.calls} retrievals' facts\n`);
    if (svc.retrieval.facts.active) {
      // What the first retrieval after a write pays: the user's facts about every server and recently run tool, read again.
      const reread: number[] = [];
      for (let i = 0; i < 20; i++) {
        await svc.db.execute(sql`update mcp_servers set status = status where name = (select min(name) from mcp_servers)`);
        const r0 = performance.now();
        await svc.retrieval.facts.load([], created.user_id);
        reread.push(performance.now() - r0);
      }
      out(`    facts read again after a write (every server, recently run tools): p50 ${f1(pct(reread, 0.5)!)} ms  max ${f1(Math.max(...reread))} ms (n=20)\n`);
    }
    if (args['agent-only']) return;

    // Server-side, uncached: one at a time, as a route handler calls it.
    const serverSide: number[] = [];
    const stageTimes = new Map<string, number[]>();
    const serverQueries = queries.slice(0, 300);
    const s0 = performance.now();
    const sc0 = process.cpuUsage();
    for (const query of serverQueries) {
      const q0 = performance.now();
      const r = await svc.retrieval.retrieve(ANONYMOUS, { query, topK: 5 });
      serverSide.push(performance.now() - q0);
      // Timings of code that has them (absent before they were added: the same bench runs on older trees).
      const t = (r as { timings?: { rank: Record<string, number | null> | null; factsMs: number } }).timings;
      for (const [name, ms] of Object.entries({ ...t?.rank, facts: t?.factsMs })) {
        if (typeof ms !== 'number') continue;
        if (!stageTimes.has(name)) stageTimes.set(name, []);
        stageTimes.get(name)!.push(ms);
      }
    }
    const serverRps = serverQueries.length / ((performance.now() - s0) / 1000);
    const sc = process.cpuUsage(sc0);
    out(`  server-side uncached  n=${serverSide.length}  p50 ${f1(pct(serverSide, 0.5))} ms  p99 ${f1(pct(serverSide, 0.99))} ms  ${Math.round(serverRps)} req/s (sequential; cpu ${((sc.user + sc.system) / 1000 / serverQueries.length).toFixed(1)} ms/request)\n`);
    if (stageTimes.size) out(`    stages p50 ms: ${[...stageTimes].map(([name, xs]) => `${name.replace(/Ms$/, '')} ${pct(xs, 0.5).toFixed(2)}`).join(', ')}\n`);

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
  out(`stabletoolbench grown to ≥ ${target} tools${withCatalog ? ' plus the bundled catalog' : ''}; ${queries.whole.length} whole dev requests, ${queries.parts.length} other distinct texts; top_k 5; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
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
