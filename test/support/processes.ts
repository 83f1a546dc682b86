import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';

/*
 * Process and port helpers shared by the tests that run the service as real processes
 * (first run, lifecycle, durability, streams across SIGTERM, stdio MCP servers).
 */

/** True while a process with this pid exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface ProcessRow {
  pid: number;
  pgid: number;
  args: string;
}

/** Every live process below `root`, whatever its process group, with its command line. */
export function descendants(root: number): ProcessRow[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,pgid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), pgid: Number(m[3]), args: m[4] as string }));
  const below = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      if (below.has(row.ppid) && !below.has(row.pid)) {
        below.add(row.pid);
        grew = true;
      }
    }
  }
  return rows.filter((r) => r.pid !== root && below.has(r.pid)).map(({ pid, pgid, args }) => ({ pid, pgid, args }));
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * `count` distinct ports of `range` that are free right now, each proved by a bind. Suites that
 * run side by side take separate ranges, below Linux's ephemeral range (32768-60999): a port the
 * OS hands out for `listen(0)` it may hand out again a moment later, to the Temporal CLI's own
 * internal listeners among others.
 */
export async function freePorts(count: number, range: { from: number; to: number }): Promise<number[]> {
  const ports: number[] = [];
  for (let tries = 0; ports.length < count; tries++) {
    if (tries > 1_000) throw new Error(`no ${count} free ports in ${range.from}-${range.to}`);
    const port = range.from + Math.floor(Math.random() * (range.to - range.from + 1));
    if (!ports.includes(port) && (await bindable(port))) ports.push(port);
  }
  return ports;
}
