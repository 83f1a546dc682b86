// What open job streams cost everyone else (issue 20): another user's retrieval latency, one
// request at a time, without streams and then with `--streams` (200) open on one running job,
// in one run. `--shape postgres` (default) builds the service as the tests do (fresh Postgres
// database, real worker, server-everything) and listens on a real port; `--shape embedded` runs
// the real `npm start` process (PGlite) and drives it over HTTP. The streams and the timed
// requests come from a separate process (bench/lib/stream-load.ts). The streaming user is on the
// enterprise plan, whose cap (500) admits 200 streams; the measuring user is on pro (its rate
// limit is counted).
// Usage: npx tsx bench/streams.ts [--shape postgres|embedded] [--streams 200] [--requests 200] [--port 25100]
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { loadavg } from 'node:os';
import { flags, out } from './execution/harness.ts';
import { embeddedTarget, postgresTarget } from './lib/stream-targets.ts';

const args = flags(process.argv.slice(2));
const shape = args.shape ?? 'postgres';
if (shape !== 'postgres' && shape !== 'embedded') throw new Error(`--shape is postgres or embedded, not ${shape}`);
const streams = Number(args.streams ?? 200);
const requests = Number(args.requests ?? 200);
const port = Number(args.port ?? 25_100);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const t = shape === 'embedded' ? await embeddedTarget(port) : await postgresTarget(port);
try {
  const spec = { url: t.url, jobId: t.jobId, streamHeaders: t.streamHeaders, queryHeaders: t.queryHeaders, streams, requests, warmup: 20 };
  const loadBefore = load();
  // Asynchronously: the service (this process, for the postgres shape) serves the requests meanwhile.
  const { stdout: line } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bench/lib/stream-load.ts', JSON.stringify(spec)], { encoding: 'utf8', maxBuffer: 1 << 20 });
  const r = JSON.parse(line.trim().split('\n').at(-1) as string);
  const row = (name: string, m: { n: number; errors: number; p50: number; p90: number; p99: number; max: number }) =>
    out(`${name.padEnd(28)} p50 ${m.p50} ms  p90 ${m.p90} ms  p99 ${m.p99} ms  max ${m.max} ms  (${m.n} requests, ${m.errors} errors)`);
  out(`${shape} shape: GET /retrieve_tools one at a time, another user; ${streams} streams of one user on one running job`);
  row('without streams', r.baseline);
  row(`with ${streams} streams open`, r.withStreams);
  out(`p50 ratio                    ${(r.withStreams.p50 / r.baseline.p50).toFixed(2)}x  (goal ≤ 2x)`);
  out(`stream answers               ${JSON.stringify(r.statuses)}; all had their first event ${r.openMs} ms after opening; ${r.eventsPerSecondDuring} events/s delivered while measuring`);
  out(`server process CPU           ${t.cpuMs()} ms over the run`);
  out(`load average                 before ${loadBefore}; after ${load()} (2 cores, shared)`);
} finally {
  await t.close();
}
process.exit(0);
