// Per-user instances at scale (issue 35, goals 3): N users on the stateful `memory` server keep N
// separate stores; W warm sandboxed instances and their memory; a churn of C users calling at
// random for S seconds under the pool's cap, then no process left behind. It runs the service's
// own planRun, sandbox and pool (the launcher's path), without Temporal or the API.
// Usage: npx tsx bench/instances.ts [--users 200] [--warm 500] [--churn-users 2000] [--seconds 120] [--cap 100]
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { planRun } from '../domain/launch.ts';
import { McpSessionPool } from '../mcp/index.ts';
import type { StdioLaunch } from '../mcp/index.ts';
import { probeSandbox, sandboxedCommand } from '../sandbox/index.ts';
import { flags, out } from './execution/harness.ts';

const args = flags(process.argv.slice(2));
const users = Number(args.users ?? 200);
const warm = Number(args.warm ?? 500);
const churnUsers = Number(args['churn-users'] ?? 2000);
const seconds = Number(args.seconds ?? 120);
const cap = Number(args.cap ?? 100);
const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-instances-'));
const sandbox = await probeSandbox();
if (!sandbox.ok) throw new Error(`no sandbox here: ${sandbox.reason}`);

/** The launch and pool key of `memory` for a user, exactly as the launcher builds them. */
function memoryOf(user: string): { key: string; launch: StdioLaunch } {
  const plan = planRun('memory', { type: 'reference', name: 'memory' }, { dataDir, userId: user, sandbox });
  if ('reason' in plan || plan.kind !== 'sandboxed') throw new Error('memory is not sandboxed here');
  const spec = plan.instance;
  const wrapped = sandboxedCommand(spec.command!, spec.args, { readOnly: spec.readOnly, workDir: spec.workDir, egress: spec.egress, env: spec.env });
  return { key: plan.poolKey, launch: { type: 'stdio', ...wrapped } };
}

/** The sandboxed memory servers alive below this process (the node process inside each sandbox). */
function serverPids(): string[] {
  // Read from /proc: `ps` output of hundreds of sandbox wrappers (long argv each) overflows a buffer.
  return readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return /node$/.test(argv[0] ?? '') && argv.some((arg) => arg.includes('server-memory'));
    } catch {
      return false;
    }
  });
}

const pssMiB = (pids: string[]) =>
  pids.reduce((sum, pid) => {
    try {
      return sum + Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024;
    } catch {
      return sum;
    }
  }, 0);

const call = (pool: McpSessionPool, user: string, tool: string, params: Record<string, unknown> = {}) => {
  const { key, launch } = memoryOf(user);
  pool.ensure(key, launch, { idleMs: 600_000 });
  return pool.callTool(key, tool, params, { timeoutMs: 60_000 });
};

async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

out(`load average at start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

// 1. Separate stores: each user writes an entity named after them, then reads the graph back.
{
  const pool = new McpSessionPool(pino({ level: 'silent' }), { maxIdleManaged: users + 10 });
  const names = Array.from({ length: users }, (_, i) => `bench-user-${i}`);
  const started = performance.now();
  await inParallel(names, 4, async (user) => {
    await call(pool, user, 'create_entities', { entities: [{ name: `${user}-secret`, entityType: 'note', observations: ['mine'] }] });
  });
  let leaks = 0;
  await inParallel(names, 4, async (user) => {
    const graph = JSON.stringify(await call(pool, user, 'read_graph'));
    const seen = (graph.match(/bench-user-\d+-secret/g) ?? []).filter((n) => n !== `${user}-secret`);
    if (!graph.includes(`${user}-secret`) || seen.length) leaks++;
  });
  out(`${users} users on memory: ${users - leaks} separate stores, ${leaks} wrong (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  await pool.close();
}

// 2. Warm instances and what they cost.
{
  const pool = new McpSessionPool(pino({ level: 'silent' }), { maxIdleManaged: warm + 10 });
  const names = Array.from({ length: warm }, (_, i) => `warm-user-${i}`);
  const started = performance.now();
  await inParallel(names, 4, async (user) => {
    await call(pool, user, 'read_graph');
  });
  const pids = serverPids();
  const free = Number(/^MemAvailable:\s+(\d+) kB/m.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0) / 1024;
  out(`${warm} warm instances in ${((performance.now() - started) / 1000).toFixed(1)} s: ${pids.length} server processes, PSS ${pssMiB(pids).toFixed(0)} MiB in all (${(pssMiB(pids) / Math.max(1, pids.length)).toFixed(1)} MiB each), MemAvailable ${free.toFixed(0)} MiB`);
  await pool.close();
  out(`after close: ${serverPids().length} server processes`);
}

// 3. Churn under the cap: random users for `seconds`; the live count is sampled every second.
{
  const pool = new McpSessionPool(pino({ level: 'silent' }), { maxIdleManaged: cap });
  const deadline = Date.now() + seconds * 1000;
  let calls = 0;
  let failures = 0;
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, serverPids().length);
  }, 1000);
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (Date.now() < deadline) {
        const user = `churn-user-${Math.floor(Math.random() * churnUsers)}`;
        const outcome = await call(pool, user, 'read_graph').catch(() => null);
        calls++;
        if (!outcome?.ok) failures++;
      }
    }),
  );
  clearInterval(sampler);
  const registered = pool.servers().length;
  await pool.close();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  out(`churn: ${churnUsers} users, ${seconds} s, ${calls} calls (${failures} failed); pool cap ${cap}, registered at the end ${registered}, peak server processes ${peak}; after close ${serverPids().length} left`);
}
out(`load average at end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
