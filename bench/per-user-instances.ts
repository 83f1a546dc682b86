// What a per-user instance of memory and filesystem costs (issue 33, item 2): the first call of
// a user (launch + initialize + call) against the next one, and each process's resident memory,
// which sets the pool's cap on live instances (mcp/pool.ts, maxIdleManaged).
// Usage: npx tsx bench/per-user-instances.ts [--users 10]. Needs nothing running.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { McpSessionPool, referenceServerLaunch } from '../mcp/index.ts';
import { instanceDir, instanceKey } from '../domain/launch.ts';
import { flags, out } from './execution/harness.ts';

const users = Number(flags(process.argv.slice(2)).users ?? 10);
const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-users-'));
const pool = new McpSessionPool(pino({ level: 'silent' }));
const first: number[] = [];
const next: number[] = [];
const timed = async (key: string, tool: string) => {
  const started = performance.now();
  await pool.callTool(key, tool, {}, { timeoutMs: 20_000 });
  return performance.now() - started;
};
try {
  for (let i = 0; i < users; i++) {
    for (const [name, tool] of [['memory', 'read_graph'], ['filesystem', 'list_allowed_directories']] as const) {
      const key = instanceKey(name, `bench-user-${i}`);
      pool.ensure(key, referenceServerLaunch(instanceDir(dataDir, name, `bench-user-${i}`), name), { idleMs: 60_000 });
      first.push(await timed(key, tool));
      next.push(await timed(key, tool));
    }
  }
  const pids = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => /server-(memory|filesystem)/.test(line))
    .map((line) => line.trim().split(/\s+/)[0] as string);
  // RSS counts node's shared pages in every process; PSS shares them out, so it adds up.
  const kib = (pid: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1]);
  const rssKiB = pids.map((pid) => kib(pid, 'Rss'));
  const pssKiB = pids.map((pid) => kib(pid, 'Pss'));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  out(`instances ${rssKiB.length} (${users} users × memory, filesystem)`);
  out(`first call p50 ${median(first).toFixed(1)} ms, next call p50 ${median(next).toFixed(1)} ms`);
  const mib = (xs: number[]) => `p50 ${(median(xs) / 1024).toFixed(1)} MiB per process, ${(xs.reduce((a, b) => a + b, 0) / 1024).toFixed(0)} MiB in all`;
  out(`RSS ${mib(rssKiB)}; PSS ${mib(pssKiB)}`);
} finally {
  await pool.close();
}
