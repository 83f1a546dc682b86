// How long `npm start` takes to be ready: a first boot on a fresh data folder, then a restart on
// the same folder. Spawns the real runtime/main.ts (embedded mode: its own Temporal dev server,
// PGlite, in-process worker and index) and polls GET /health (liveness) and GET /health/ready
// (steady-state retrieval, search/service/readiness.ts) every 100 ms.
//
// Usage: npx tsx bench/boot.ts [--port 22010] [--restarts 1] [--keep]
// Needs the Temporal CLI binary (TEMPORAL_CLI_PATH, default .cache/bin/temporal); the timer
// starts at the spawn, so the binary's build is not in the figures. The ports used are
// port, port+1 (Temporal frontend) and port+2 (Temporal UI).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnEmbedded } from './lib/embedded-service.ts';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] && !args[i + 1].startsWith('--') ? args[i + 1] : fallback;
};
const port = Number(flag('port', '22010'));
const restarts = Number(flag('restarts', '1'));
const keep = args.includes('--keep');
const QUERY = 'echo a message back';
const LIMIT_MS = 300_000;

/** Log lines whose time marks a phase (pino JSON: stdout is not a terminal here). */
const PHASES: [string, RegExp][] = [
  ['temporal starting', /^starting the local Temporal dev server/],
  ['workflow bundle cached', /^workflow bundle loaded from the cache/],
  ['workflow bundle built', /^workflow bundle built and cached/],
  ['index opened', /^search index built from the database/],
  ['worker polling', /^worker polling/],
  ['listening', /^switchboard listening/],
  ['catalog written', /^bundled registry synced/],
  ['ready (logged)', /^Switchboard is ready/],
];

interface Run {
  health: number;
  ready: number;
  exit: number;
  top: string[];
  phases: Record<string, number>;
}

async function poll(url: string): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

async function topTools(base: string, adminKey: string): Promise<string[]> {
  const res = await fetch(`${base}/v2/retrieve_tools?query=${encodeURIComponent(QUERY)}&top_k=5`, { headers: { 'x-admin-key': adminKey } });
  const body = (await res.json()) as { tools?: { name?: string; server?: string; tool_name?: string }[]; results?: unknown[] };
  const list = (body.tools ?? (body.results as typeof body.tools) ?? []) as { name?: string; server?: string; tool_name?: string }[];
  return list.map((t) => t.tool_name ?? `${t.server}/${t.name}`);
}

async function boot(dataDir: string): Promise<Run> {
  const t0 = performance.now();
  const wall0 = Date.now();
  const { child, url: base, output, exited } = spawnEmbedded({ dataDir, port, logLevel: 'info' });
  let health = 0;
  let ready = 0;
  try {
    while (!ready) {
      if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}):\n${output().slice(-3000)}`);
      if (performance.now() - t0 > LIMIT_MS) throw new Error(`not ready within ${LIMIT_MS / 1000} s:\n${output().slice(-3000)}`);
      if (!health && (await poll(`${base}/health`)) === 200) health = performance.now() - t0;
      if (health && (await poll(`${base}/health/ready`)) === 200) ready = performance.now() - t0;
      if (!ready) await new Promise((r) => setTimeout(r, 100));
    }
    const { adminKey } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { adminKey: string };
    const top = await topTools(base, adminKey);
    const stopAt = performance.now();
    child.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) throw new Error(`exit code ${code} after SIGTERM:\n${output().slice(-2000)}`);
    const phases: Record<string, number> = {};
    for (const line of output().split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const record = JSON.parse(line) as { msg?: string; time?: number };
        // The service's first line comes once its modules are loaded (tsx) and the pre-flight passed.
        if (record.time && !('imports done' in phases)) phases['imports done'] = record.time - wall0;
        const phase = PHASES.find(([, re]) => re.test(record.msg ?? ''));
        if (phase && record.time && !(phase[0] in phases)) phases[phase[0]] = record.time - wall0;
      } catch {
        // not a log line of ours
      }
    }
    return { health, ready, exit: performance.now() - stopAt, top, phases };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

function print(label: string, run: Run) {
  const phases = Object.entries(run.phases).sort((a, b) => a[1] - b[1]).map(([name, ms]) => `${name} ${s(ms)}`).join(', ');
  process.stdout.write(`${label}: /health 200 after ${s(run.health)}, /health/ready 200 after ${s(run.ready)}, SIGTERM to exit ${s(run.exit)}\n`);
  process.stdout.write(`  phases: ${phases}\n  top 5 for "${QUERY}" at ready: ${run.top.join(', ')}\n`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-boot-'));
process.stdout.write(`bench/boot: runtime/main.ts on ports ${port}-${port + 2}, data folder ${dataDir}, load average ${load()}\n`);
try {
  const first = await boot(dataDir);
  print('first boot (fresh data folder)', first);
  for (let i = 1; i <= restarts; i++) {
    const again = await boot(dataDir);
    print(`restart ${i} (same data folder)`, again);
    process.stdout.write(`  same top 5 as the first boot: ${JSON.stringify(again.top) === JSON.stringify(first.top)}\n`);
  }
  process.stdout.write(`load average after: ${load()}\n`);
} finally {
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
