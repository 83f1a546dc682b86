import { readdirSync, readFileSync } from 'node:fs';
import { descendants } from '../../test/support/processes.ts';

/** CPU time (user + system, ms) one process has used, from /proc; 0 once it is gone. */
function cpuOf(pid: string): number {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    // utime and stime, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

function processesNamed(name: RegExp): string[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return name.test(readFileSync(`/proc/${p}/comm`, 'utf8').trim());
      } catch {
        return false;
      }
    });
}

const total = (pids: string[]) => pids.map(cpuOf).reduce((a, b) => a + b, 0);

/**
 * CPU used so far (ms) by this process, the processes it started (the MCP servers), the Temporal
 * server at `address` (the cluster of scripts/infra on 7333 runs as `temporal-server`, the dev
 * server as `temporal`) and all Postgres processes. Differences of two snapshots divided by the
 * runs between them.
 */
export function cpuSnapshot(address: string): { self: number; children: number; temporal: number; pg: number } {
  const usage = process.cpuUsage();
  const temporal = address.endsWith(':7333') ? /^temporal-server$/ : /^temporal$/;
  return { self: (usage.user + usage.system) / 1000, children: total(descendants(process.pid).map((p) => String(p.pid))), temporal: total(processesNamed(temporal)), pg: total(processesNamed(/^postgres$/)) };
}
