// Client side of bench/streams.ts, run as its own process so that neither the streams nor the
// timed requests share the server's event loop. Usage: tsx bench/lib/stream-load.ts '<json spec>'
// Phase 1: `requests` retrievals one at a time as the measuring user (baseline). Phase 2: open
// `streams` job streams as the streaming user, wait until each has its first event, then the
// same number of retrievals again with the streams open. Prints one JSON line.
import { Agent, get } from 'node:http';
import type { IncomingMessage } from 'node:http';

interface Spec {
  url: string;
  jobId: string;
  streamHeaders: Record<string, string>;
  queryHeaders: Record<string, string>;
  streams: number;
  requests: number;
  warmup: number;
}

const spec = JSON.parse(process.argv[2] as string) as Spec;
const target = new URL(spec.url);
const queryAgent = new Agent({ keepAlive: true, maxSockets: 1 });
const PHRASES = ['add two numbers', 'read a text file', 'search the web for news', 'send an email', 'list files in a folder', 'get the weather forecast', 'translate text to french', 'create a calendar event'];
let sent = 0;

/** A retrieval the cache cannot answer: every text is new. */
function retrieve(): Promise<{ ms: number; ok: boolean }> {
  const query = `${PHRASES[sent % PHRASES.length]} ${sent++}`;
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = get({ host: target.hostname, port: target.port, path: `/retrieve_tools?query=${encodeURIComponent(query)}&top_k=5`, headers: spec.queryHeaders, agent: queryAgent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ms: performance.now() - t0, ok: res.statusCode === 200 }));
    });
    req.on('error', () => resolve({ ms: performance.now() - t0, ok: false }));
  });
}

async function measure(n: number) {
  const latencies: number[] = [];
  let errors = 0;
  for (let i = 0; i < n; i++) {
    const r = await retrieve();
    latencies.push(r.ms);
    if (!r.ok) errors++;
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0) * 10) / 10;
  return { n, errors, p50: pct(0.5), p90: pct(0.9), p99: pct(0.99), max: pct(1) };
}

interface OpenStream {
  status: number;
  events: number;
  firstEvent: Promise<void>;
  res?: IncomingMessage;
}

/** One stream on its own socket, counting `event:` lines as they arrive. */
function openStream(): Promise<OpenStream> {
  return new Promise((resolve) => {
    const req = get({ host: target.hostname, port: target.port, path: `/jobs/${spec.jobId}/stream`, headers: spec.streamHeaders, agent: false }, (res) => {
      let seen!: () => void;
      const stream: OpenStream = { status: res.statusCode ?? 0, events: 0, firstEvent: new Promise((r) => (seen = r)), res };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const n = (`\n${chunk}`.match(/\nevent: /g) ?? []).length;
        if (n > 0) {
          stream.events += n;
          seen();
        }
      });
      res.on('end', seen);
      if (stream.status !== 200) seen();
      resolve(stream);
    });
    req.on('error', () => resolve({ status: 0, events: 0, firstEvent: Promise.resolve() }));
  });
}

for (let i = 0; i < spec.warmup; i++) await retrieve();
const baseline = await measure(spec.requests);
const opened = performance.now();
const streams = await Promise.all(Array.from({ length: spec.streams }, openStream));
await Promise.all(streams.map((s) => s.firstEvent));
const openMs = Math.round(performance.now() - opened);
const eventsBefore = streams.reduce((a, s) => a + s.events, 0);
const measuredAt = performance.now();
const withStreams = await measure(spec.requests);
const seconds = (performance.now() - measuredAt) / 1000;
const eventsDuring = streams.reduce((a, s) => a + s.events, 0) - eventsBefore;
const statuses: Record<string, number> = {};
for (const s of streams) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
for (const s of streams) s.res?.destroy();
queryAgent.destroy();
process.stdout.write(`${JSON.stringify({ baseline, withStreams, statuses, openMs, eventsPerSecondDuring: Math.round((eventsDuring / seconds) * 10) / 10 })}\n`);
process.exit(0);
