// What open job streams cost everyone else (issue 20): another user's retrieval latency, one
// request at a time, without streams and then with `--streams` (200) open on one running job,
// in one run. The service is built as the tests build it (fresh Postgres database, real worker,
// server-everything) and listens on a real port; the streams and the timed requests come from
// a separate process (bench/lib/stream-load.ts). The streaming user is on the enterprise plan,
// whose cap (500) admits 200 streams; the measuring user is on pro (its rate limit is counted).
// Usage: npx tsx bench/streams.ts [--streams 200] [--requests 200] [--port 25100]
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { loadavg } from 'node:os';
import { flags, out, startService } from './execution/harness.ts';

const args = flags(process.argv.slice(2));
const streams = Number(args.streams ?? 200);
const requests = Number(args.requests ?? 200);
const port = Number(args.port ?? 25_100);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const t = await startService();
let jobId: string | undefined;
try {
  const url = await t.app.listen({ host: '127.0.0.1', port });
  const streamer = await t.createUser({ plan: 'enterprise' });
  const measurer = await t.createUser({ plan: 'pro' });
  // Progress every second for as long as the run may take: a stream's usual traffic.
  const submitted = await t.app.inject({
    method: 'POST',
    url: '/jobs/submit',
    headers: streamer.headers,
    payload: { tool: 'trigger-long-running-operation', arguments: { duration: 900, steps: 900 } },
  });
  if (submitted.statusCode !== 200) throw new Error(`submit answered ${submitted.statusCode}: ${submitted.body}`);
  jobId = submitted.json().job_id as string;
  const spec = { url, jobId, streamHeaders: streamer.headers, queryHeaders: measurer.headers, streams, requests, warmup: 20 };
  const loadBefore = load();
  const cpu0 = process.cpuUsage();
  // Asynchronously: this process serves the requests meanwhile.
  const { stdout: line } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bench/lib/stream-load.ts', JSON.stringify(spec)], { encoding: 'utf8', maxBuffer: 1 << 20 });
  const cpu = process.cpuUsage(cpu0);
  const r = JSON.parse(line.trim().split('\n').at(-1) as string);
  const row = (name: string, m: { n: number; errors: number; p50: number; p90: number; p99: number; max: number }) =>
    out(`${name.padEnd(28)} p50 ${m.p50} ms  p90 ${m.p90} ms  p99 ${m.p99} ms  max ${m.max} ms  (${m.n} requests, ${m.errors} errors)`);
  out(`GET /retrieve_tools one at a time, another user; ${streams} streams of one user on one running job`);
  row('without streams', r.baseline);
  row(`with ${streams} streams open`, r.withStreams);
  out(`p50 ratio                    ${(r.withStreams.p50 / r.baseline.p50).toFixed(2)}x  (goal ≤ 2x)`);
  out(`stream answers               ${JSON.stringify(r.statuses)}; all had their first event ${r.openMs} ms after opening; ${r.eventsPerSecondDuring} events/s delivered while measuring`);
  out(`server process CPU           ${Math.round((cpu.user + cpu.system) / 1000)} ms over the run`);
  out(`load average                 before ${loadBefore}; after ${load()} (2 cores, shared)`);
} finally {
  // The job would run for 15 minutes: end it so the worker stops at once.
  if (jobId) await t.temporal.client.workflow.getHandle(jobId).terminate('benchmark over').catch(() => {});
  await t.close();
}
process.exit(0);
