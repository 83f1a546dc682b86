// The quality figures of bench/quality.ts, through the API: the corpus is indexed with
// POST /v2/index_tools and every query asked with GET /v2/retrieve_tools (top_k 10), on the
// running service with each backend. Printed next to the engine's own `discover` ranking on the
// same index, which is the "final (discover)" row of bench/quality.ts.
// Usage: npx tsx bench/quality-http.ts [--tools FILE] [--queries FILE] [--backend embedded|elasticsearch|both] [--port N] [--catalog]
//   --catalog: after the set's tools, the registry sync indexes the bundled catalog beside them, as a
//   fresh service has it (how the real-MCP sets of bench/data/mcp-bench are measured, issue 39).
import { join } from 'node:path';
import { discover } from '../search/discover.ts';
import { runRegistrySync } from '../api/services/registry/sync.ts';
import { waitForReindex } from '../test/registry/helpers.ts';
import { loadQueries, loadTools } from './lib/corpus.ts';
import { parseArgs } from './lib/engines.ts';
import { startBenchService } from './lib/bench-service.ts';
import type { Metrics } from './lib/metrics.ts';
import { HEADER, formatRow, mean, scoreRanking } from './lib/metrics.ts';

const root = join(import.meta.dirname, '..');
const args = parseArgs(process.argv.slice(2));
const shared = join(root, '..', 'shared', 'data', 'stabletoolbench');
const toolsFile = args.tools ?? join(shared, 'tools.jsonl');
const queriesFile = args.queries ?? join(shared, 'queries.dev.jsonl');
const backends = (args.backend && args.backend !== 'both' ? [args.backend] : ['embedded', 'elasticsearch']) as ('embedded' | 'elasticsearch')[];
const out = (s: string) => process.stdout.write(s);

async function run(backend: 'embedded' | 'elasticsearch', port: number): Promise<void> {
  const corpus = loadTools(toolsFile);
  const queries = loadQueries(queriesFile);
  const idOf = new Map(corpus.map((t) => [`${t.server}\u0000${t.name}`, t.id]));
  const svc = await startBenchService(backend, port);
  try {
    const tools = corpus.map((t) => ({
      name: t.name,
      server: t.server,
      description: t.description,
      input_schema: t.inputSchema ?? undefined,
      category: t.category ?? undefined,
      tags: t.tags?.length ? t.tags : undefined,
    }));
    const t0 = performance.now();
    const res = await fetch(`${svc.url}/v2/index_tools`, { method: 'POST', headers: { ...svc.headers, 'content-type': 'application/json' }, body: JSON.stringify({ tools }) });
    const answer = (await res.json()) as { status_url?: string; failed: number };
    let final: { indexed?: number; failed?: number; status?: string } = answer;
    while (answer.status_url && final.status !== 'completed') {
      await new Promise((r) => setTimeout(r, 500));
      final = (await (await fetch(`${svc.url}${answer.status_url}`, { headers: svc.headers })).json()) as typeof final;
    }
    out(`\n[${backend}] POST /v2/index_tools: ${final.indexed} indexed, ${(final.failed ?? 0) + answer.failed} failed, ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    if (args.catalog) {
      const synced = await runRegistrySync(svc.temporal, { requestedBy: 'bench' });
      await waitForReindex(svc, synced.reindex_workflow_id);
      out(`[${backend}] bundled catalog synced and indexed: ${await svc.search.engine.backend.count()} tools in the index\n`);
    }
    out(HEADER);

    // The API bounds queries at 500 characters (2 dev queries are longer): both sides get the
    // first 500; "full queries" is the engine on the untruncated text, i.e. bench:quality's row.
    const http: Metrics[] = [];
    const direct: Metrics[] = [];
    const full: Metrics[] = [];
    let differ = 0;
    let errors = 0;
    const ids = (tools: { server: string; name: string }[]) => tools.map((t) => idOf.get(`${t.server}\u0000${t.name}`) ?? `?${t.server}/${t.name}`);
    for (const q of queries) {
      const text = q.query.slice(0, 500);
      const r = await fetch(`${svc.url}/v2/retrieve_tools?query=${encodeURIComponent(text)}&top_k=10`, { headers: svc.headers });
      const body = (await r.json()) as { tools?: { server: string; name: string }[] };
      if (!body.tools) errors++;
      const viaHttp = ids(body.tools ?? []);
      const engine = ids((await discover(svc.search.engine, { query: text, topK: 10 })).tools.map((t) => t.doc));
      if (viaHttp.join() !== engine.join()) differ++;
      http.push(scoreRanking(viaHttp, q.relevant));
      direct.push(scoreRanking(engine, q.relevant));
      full.push(scoreRanking(ids((await discover(svc.search.engine, { query: q.query, topK: 10 })).tools.map((t) => t.doc)), q.relevant));
    }
    out(formatRow('final (discover, full queries)', mean(full)));
    out(formatRow('final (discover, ≤ 500 chars)', mean(direct)));
    out(formatRow('GET /v2/retrieve_tools', mean(http)));
    out(`rankings that differ between the last two: ${differ} of ${queries.length}; HTTP errors ${errors}\n`);
  } finally {
    await svc.close();
  }
}

async function main(): Promise<void> {
  let port = args.port ? Number(args.port) : 3950 + Math.floor(Math.random() * 40);
  for (const backend of backends) await run(backend, port++);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
