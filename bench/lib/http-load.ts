// Load client for bench/retrieve.ts, run as its own process so that it does not share the
// server's event loop. Usage: tsx bench/lib/http-load.ts '<json {url, path, headers, queries, concurrency, count?, durationMs?}>'
// Prints one JSON line: {requests, errors, seconds, rps, p50, p99, clientCpuMs, stages} (clientCpuMs:
// this client's CPU per request, which it takes from the same 2 cores as the server; stages: per
// name of the response's Server-Timing header, the p50 and p99 of its durations over the requests that sent it).
import { Agent, request } from 'node:http';

interface LoadSpec {
  url: string;
  path: string;
  headers: Record<string, string>;
  queries: string[];
  concurrency: number;
  /** Stop after this many requests (each query used once, in order, when count ≤ queries). */
  count?: number;
  durationMs?: number;
}

const spec = JSON.parse(process.argv[2]) as LoadSpec;
const agent = new Agent({ keepAlive: true, maxSockets: spec.concurrency });
const target = new URL(spec.url);

const stageDurations = new Map<string, number[]>();

/** Collects `name;dur=ms` entries of a Server-Timing header. */
function collectTimings(header: string | string[] | undefined): void {
  for (const part of String(header ?? '').split(',')) {
    const m = /^\s*([\w-]+);dur=([\d.]+)/.exec(part);
    if (!m) continue;
    let list = stageDurations.get(m[1]);
    if (!list) stageDurations.set(m[1], (list = []));
    list.push(Number(m[2]));
  }
}

function get(query: string): Promise<{ ms: number; ok: boolean }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request(
      { host: target.hostname, port: target.port, path: `${spec.path}?query=${encodeURIComponent(query)}&top_k=5`, headers: spec.headers, agent },
      (res) => {
        collectTimings(res.headers['server-timing']);
        res.resume();
        res.on('end', () => resolve({ ms: performance.now() - t0, ok: res.statusCode === 200 }));
      },
    );
    req.on('error', () => resolve({ ms: performance.now() - t0, ok: false }));
    req.end();
  });
}

const cpu0 = process.cpuUsage();
const latencies: number[] = [];
let errors = 0;
let next = 0;
const start = performance.now();
const done = () => (spec.count !== undefined ? next >= spec.count : performance.now() - start >= (spec.durationMs ?? 5000));

async function loop(): Promise<void> {
  while (!done()) {
    const query = spec.queries[next++ % spec.queries.length];
    const r = await get(query);
    latencies.push(r.ms);
    if (!r.ok) errors++;
  }
}

await Promise.all(Array.from({ length: spec.concurrency }, loop));
const seconds = (performance.now() - start) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
const cpu = process.cpuUsage(cpu0);
const clientCpuMs = (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length);
const stages: Record<string, { n: number; p50: number; p99: number }> = {};
for (const [name, list] of stageDurations) {
  list.sort((a, b) => a - b);
  stages[name] = { n: list.length, p50: list[Math.floor(list.length / 2)], p99: list[Math.min(list.length - 1, Math.floor(list.length * 0.99))] };
}
process.stdout.write(`${JSON.stringify({ requests: latencies.length, errors, seconds, rps: latencies.length / seconds, p50: pct(0.5), p99: pct(0.99), clientCpuMs, stages })}\n`);
agent.destroy();
