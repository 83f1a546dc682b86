// What sending a user's calls to the worker holding their warm instance saves (issue 35 item 3,
// docs/decisions.md "A user's calls reach their warm instance"): direct runs of memory/read_graph
// through the API, against two worker processes on the Temporal cluster, each user's first call
// (cold) and the next ones, with routing on and off. Each call is classed by its own history:
// "routed" when its call step was sent to another worker's queue, else "local".
// Usage: npx tsx bench/instance-routing.ts [--users 6] [--calls 10]. Needs Postgres and
// Elasticsearch up; starts (or reuses) the cluster of scripts/infra/temporal-cluster.sh.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { addReferenceServers } from '../test/execution/helpers/setup.ts';
import { killAll, replicaEnv, startReplica } from '../test/scale-out/helpers/replicas.ts';
import type { Replica } from '../test/scale-out/helpers/replicas.ts';
import { elasticsearchUrl, uniqueId } from '../test/support/services.ts';
import { ensureTemporalCluster } from '../test/support/temporal-cluster.ts';
import { createTestApp } from '../test/support/test-app.ts';
import { flags, out } from './execution/harness.ts';

const args = flags(process.argv.slice(2));
const users = Number(args.users ?? 6);
const calls = Number(args.calls ?? 10);

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};
const ms = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(1));

async function phase(routing: boolean) {
  const cluster = await ensureTemporalCluster();
  const index = uniqueId('bench-routing');
  const shared = { TEMPORAL_ADDRESS: cluster.address, TEMPORAL_NAMESPACE: cluster.namespace, SEARCH_BACKEND: 'elasticsearch', ELASTICSEARCH_URL: elasticsearchUrl(), ELASTICSEARCH_INDEX: index };
  const t = await createTestApp({ worker: false, env: shared });
  const logDir = mkdtempSync(join(tmpdir(), 'sb-bench-routing-'));
  const env = { ...replicaEnv(t, shared), INSTANCE_ROUTING: String(routing) };
  const workers: Replica[] = [];
  try {
    workers.push(...(await Promise.all([1, 2].map((n) => startReplica({ name: `worker-${n}`, kind: 'worker', env, logDir })))));
    await addReferenceServers(t, ['memory']);
    const cold: number[] = [];
    const local: number[] = [];
    const routed: number[] = [];
    const warmAll: number[] = [];
    for (let u = 0; u < users; u++) {
      const user = await t.createUser({ plan: 'pro' });
      for (let c = 0; c < calls; c++) {
        const started = performance.now();
        const response = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'memory/read_graph', params: {} } });
        const took = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`call failed: ${response.statusCode} ${response.body}`);
        if (c === 0) {
          cold.push(took);
          continue;
        }
        warmAll.push(took);
        const { events } = await t.temporal.client.workflow.getHandle((response.json() as { data: { execution_id: string } }).data.execution_id).fetchHistory();
        const sent = (events ?? []).some((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'callTool');
        (sent ? routed : local).push(took);
      }
    }
    // Every launch of a user's memory instance, on either worker: the cold starts the calls paid.
    const launches = workers
      .map((w) => readFileSync(w.logFile, 'utf8').split('\n').filter((l) => l.includes('mcp session open') && l.includes('"server":"memory@')).length)
      .reduce((a, b) => a + b, 0);
    return { routing, cold, local, routed, warmAll, launches };
  } finally {
    for (const w of workers) killAll(w);
    await t.close();
    await fetch(`${elasticsearchUrl()}/${index}*`, { method: 'DELETE' }).catch(() => undefined);
    rmSync(logDir, { recursive: true, force: true });
  }
}

const before = loadavg().map((x) => x.toFixed(2)).join(' ');
const results = [];
for (const routing of [true, false]) results.push(await phase(routing));
out(`# instance routing: ${users} users x ${calls} direct runs of memory/read_graph, 2 worker processes`);
out(`load average before: ${before}; after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
out('');
out('| routing | first call p50 | later calls p50 / p90 | local p50 (n) | routed p50 (n) | cold starts (users) |');
out('|---|---|---|---|---|---|');
for (const r of results) {
  out(
    `| ${r.routing ? 'on' : 'off'} | ${ms(pct(r.cold, 50))} ms | ${ms(pct(r.warmAll, 50))} / ${ms(pct(r.warmAll, 90))} ms | ${ms(pct(r.local, 50))} ms (${r.local.length}) | ` +
      `${ms(pct(r.routed, 50))} ms (${r.routed.length}) | ${r.launches} (${users}) |`,
  );
}
process.exit(0);
