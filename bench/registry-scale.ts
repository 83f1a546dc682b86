// Issue 38, item 4: a registry sync at the size of the public ecosystem. 5,000 servers / 100,000
// tools are generated from the bundled catalog's shapes (deterministically: generated server k is
// catalog server k mod 300 under a new name with its tools scaled to 20 a server on average; each
// tool keeps its source's name and schema and gets the first sentence of another catalog tool
// appended, as bench/lib/synthesize.ts does), written as the operator's catalog override
// (`<DATA_DIR>/catalog/servers.json`) and synced by the real registry sync workflow, which writes
// the registry (pins, holds, tools) and indexes it. Printed: the sync's time (workflow) and the
// reindex's, the process's peak RSS and heap meanwhile, the database's size, then retrieval p50/p99
// through the retrieval service the routes call (top_k 5, unseen whole dev requests, one at a time).
//
//   node --expose-gc --import tsx bench/registry-scale.ts [--backend embedded|elasticsearch] [--servers 5000] [--tools 100000] [--queries 200]
//
// Vectors: the service would embed 100,000 new texts in fp32 (hours on these 2 cores), so each
// generated tool's vector is seeded into the service's vector store first: 0.7 of its source
// tool's vector (the catalog's install-time file) and 0.3 of the appended sentence's tool's
// (bench/lib/seed-vectors.ts for why 0.7). The sync then embeds nothing, as on a restart.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { runRegistrySync } from '../api/services/registry/sync.ts';
import { rawRows } from '../db/jobs/raw-rows.ts';
import { createDocumentVectorStore } from '../db/retrieval/document-vectors.ts';
import { readVectorFile } from '../search/embedding/vector-file.ts';
import { CATALOG_VECTOR_FILE, localModelFingerprint } from '../search/embedding/model-files.ts';
import { textKey } from '../search/embedding/vector-store.ts';
import { embeddingText } from '../search/text/tool-text.ts';
import { waitForReindex } from '../test/registry/helpers.ts';
import { catalogDocuments } from './lib/catalog-docs.ts';
import { loadQueries } from './lib/corpus.ts';
import { parseArgs } from './lib/engines.ts';
import { startBenchService } from './lib/bench-service.ts';
import { asStored } from './lib/seed-vectors.ts';

const root = join(import.meta.dirname, '..');
const args = parseArgs(process.argv.slice(2));
const backend = (args.backend ?? 'embedded') as 'embedded' | 'elasticsearch';
const SERVERS = Number(args.servers ?? 5_000);
const TOOLS = Number(args.tools ?? 100_000);
const QUERIES = Number(args.queries ?? 200);
const MIX = 0.7;
const out = (s: string) => process.stdout.write(`${s}\n`);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const mb = (b: number) => `${Math.round(b / 2 ** 20)} MB`;

interface CatalogTool { name: string; description: string; inputSchema: Record<string, unknown> }
interface CatalogServer { name: string; category: string; tools: CatalogTool[]; [k: string]: unknown }

// 1. The generated catalog.
const catalog = JSON.parse(readFileSync(join(root, 'catalog', 'servers.json'), 'utf8')) as { servers: CatalogServer[] };
const flat = catalog.servers.flatMap((s) => s.tools.map((t) => ({ server: s.name, tool: t })));
const firstSentence = (text: string) => (text.split(/(?<=[.!?])\s+/)[0] ?? '').slice(0, 300);
const sizes = Array.from({ length: SERVERS }, (_, k) => catalog.servers[k % catalog.servers.length]!.tools.length);
const scale = TOOLS / sizes.reduce((a, b) => a + b, 0);
const counts = sizes.map((n) => Math.max(1, Math.min(n, Math.round(n * scale))));
let excess = counts.reduce((a, b) => a + b, 0) - TOOLS;
for (let k = 0; excess !== 0 && k < SERVERS * 4; k++) {
  const i = k % SERVERS;
  if (excess > 0 && counts[i]! > 1) (counts[i]!--, excess--);
  else if (excess < 0 && counts[i]! < sizes[i]!) (counts[i]!++, excess++);
}
/** Each generated tool's two sources (flat catalog indexes), for its seeded vector. */
const sources: { server: string; name: string; copied: { server: string; name: string }; other: { server: string; name: string } }[] = [];
const generated = {
  servers: counts.map((count, k) => {
    const base = catalog.servers[k % catalog.servers.length]!;
    const name = `${base.name.slice(0, 50)}-g${k}`;
    const tools = base.tools.slice(0, count).map((t, j) => {
      const o = flat[(7 * (k * 31 + j) + 131 * k) % flat.length]!;
      sources.push({ server: name, name: t.name, copied: { server: base.name, name: t.name }, other: { server: o.server, name: o.tool.name } });
      return { ...t, description: `${t.description} ${firstSentence(o.tool.description)}`.trim() };
    });
    return { ...base, name, display_name: `${String(base.display_name)} ${k}`, tools };
  }),
};
const toolCount = generated.servers.reduce((n, s) => n + s.tools.length, 0);
const fileText = JSON.stringify(generated);

// 2. The service, the catalog override and the seeded vectors.
const svc = await startBenchService(backend, Number(args.port ?? 23400));
try {
  mkdirSync(join(svc.dataDir, 'catalog'), { recursive: true });
  writeFileSync(join(svc.dataDir, 'catalog', 'servers.json'), fileText);
  out(`${backend}: ${generated.servers.length} servers, ${toolCount} tools generated (${mb(fileText.length)} of JSON); load ${load()}`);

  const seedStarted = performance.now();
  const catalogDocs = await catalogDocuments(root, join(root, '.cache', 'bench', 'catalog-docs.json'));
  const model = localModelFingerprint();
  const fileVectors = model ? readVectorFile(CATALOG_VECTOR_FILE, { embedderId: svc.search.embedderId, model, dimensions: 384 }) : undefined;
  if (!fileVectors) throw new Error('no catalog vector file (.cache/vectors/): run npm ci');
  const vectorOf = new Map(catalogDocs.map((d) => [`${d.server}/${d.name}`, fileVectors.get(textKey(embeddingText(d)))]));
  const categoryOf = new Map(generated.servers.map((s) => [s.name, s.category]));
  const descriptions = new Map(generated.servers.flatMap((s) => s.tools.map((t) => [`${s.name}/${t.name}`, t.description])));
  const schemas = await asStored(svc.db, generated.servers.flatMap((s) => s.tools.map((t) => t.inputSchema)));
  const rows: { key: string; vector: Float32Array }[] = [];
  let unseeded = 0;
  sources.forEach((s, i) => {
    // A catalog tool the pin check holds (39) is not indexed and has no vector in the file: the other source stands in.
    const a = vectorOf.get(`${s.copied.server}/${s.copied.name}`) ?? vectorOf.get(`${s.other.server}/${s.other.name}`);
    const b = vectorOf.get(`${s.other.server}/${s.other.name}`) ?? a;
    if (!a || !b) return void unseeded++;
    const v = new Float32Array(a.length);
    let norm = 0;
    for (let d = 0; d < v.length; d++) norm += (v[d] = MIX * a[d]! + (1 - MIX) * b[d]!) ** 2;
    for (let d = 0; d < v.length; d++) v[d]! /= Math.sqrt(norm);
    const text = embeddingText({ id: '', server: s.server, name: s.name, description: descriptions.get(`${s.server}/${s.name}`)!, inputSchema: schemas[i] as never, category: categoryOf.get(s.server)!, tags: [] });
    rows.push({ key: textKey(text), vector: v });
  });
  const store = createDocumentVectorStore(svc.db);
  for (let i = 0; i < rows.length; i += 5_000) await store.put(svc.search.embedderId, rows.slice(i, i + 5_000));
  out(`seeded ${rows.length} vectors in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (${unseeded} without a source vector, embedded by the service)`);

  // 3. The sync, with the process's memory sampled.
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  const loadBefore = load();
  const started = performance.now();
  const synced = await runRegistrySync(svc.temporal, { requestedBy: 'bench' });
  const syncedAt = performance.now();
  await waitForReindex(svc, synced.reindex_workflow_id);
  const indexedAt = performance.now();
  clearInterval(sampler);
  const indexed = await svc.search.engine.backend.count();
  const [size] = await rawRows<{ bytes: string }>(svc.db, sql`select pg_database_size(current_database())::text as bytes`);
  out(`sync workflow: ${((syncedAt - started) / 1000).toFixed(1)} s (status ${synced.status}, ${synced.catalog_count} catalog entries, ${synced.tools_changed} tools changed); ` +
    `reindex after it: ${((indexedAt - syncedAt) / 1000).toFixed(1)} s; ${indexed} documents in the index; load before ${loadBefore}, after ${load()}`);
  out(`memory: RSS ${mb(before.rss)} before, peak ${mb(peakRss)} (+${mb(peakRss - before.rss)}); heap ${mb(before.heapUsed)} before, peak ${mb(peakHeap)}; database ${mb(Number(size!.bytes))}`);

  // 4. Retrieval after it: unseen whole dev requests, one at a time, through the routes' service.
  const queries = [...new Set(loadQueries(join(root, '..', 'shared', 'data', 'stabletoolbench', 'queries.dev.jsonl')).map((q) => q.query).filter((q) => q.length <= 500))];
  for (const q of queries.slice(0, 10)) await svc.retrieval.retrieve({ userId: null, isAdmin: false }, { query: `${q} warm`, topK: 5 });
  const times: number[] = [];
  const loadQ = load();
  for (const query of queries.slice(10, 10 + QUERIES)) {
    const t0 = performance.now();
    await svc.retrieval.retrieve({ userId: null, isAdmin: false }, { query, topK: 5 });
    times.push(performance.now() - t0);
  }
  out(`retrieval (server-side, top_k 5, ${times.length} unseen requests): p50 ${pct(times, 0.5).toFixed(1)} ms  p99 ${pct(times, 0.99).toFixed(1)} ms; load ${loadQ} → ${load()}`);
} finally {
  await svc.close();
}
