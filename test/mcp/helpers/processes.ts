import { execFileSync } from 'node:child_process';

/** Pids of this process's direct children whose command line contains `needle`. */
export function childPids(needle: string): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes(needle))
    .map((line) => Number.parseInt(line.trim(), 10))
    .filter((pid) => Number.isInteger(pid));
}

export { alive } from '../../support/processes.ts';

/** Polls `check` every 50 ms until it holds or `ms` pass; returns whether it held. */
export async function eventually(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}
