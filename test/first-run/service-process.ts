import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { configSchema } from '../../lib/config.ts';
import type { NodeLine } from './node-lines.ts';

/*
 * `npm start` as a new user runs it: from the repo root, through npm (so the prestart runs),
 * with none of the test run's own settings in its environment.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface Ports {
  api: number;
  temporal: number;
  ui: number;
}

export interface RunningService {
  child: ChildProcess;
  pid: number;
  base: string;
  logFile: string;
  /** Resolves with the exit code (or the signal's name) when npm exits. */
  exited: Promise<number | string>;
}

/*
 * Ports below Linux's ephemeral range (32768-60999). A port the OS hands out for `listen(0)` is
 * one it may hand out again a moment later, and the Temporal CLI picks its own internal ports that
 * way before it binds the ones we gave it: the likely cause of the one dev-server "exit code 1" at
 * start-up seen while the ports came from listen(0).
 */
const PORT_RANGE = { from: 30_000, to: 32_767 };

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Distinct ports that are free right now, outside the range the OS assigns on its own. */
export async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let tries = 0; ports.length < count; tries++) {
    if (tries > 1_000) throw new Error(`no ${count} free ports in ${PORT_RANGE.from}-${PORT_RANGE.to}`);
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from + 1));
    if (!ports.includes(port) && (await bindable(port))) ports.push(port);
  }
  return ports;
}

/** The user's shell environment: no service setting, nothing vitest, npm or the global setup added. */
function userEnvironment(node: NodeLine): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const dropped = new Set([...Object.keys(configSchema.shape), 'TEST_DATABASE_URL', 'TEMPORAL_CLI_PATH', 'NODE_ENV', 'INIT_CWD', 'TEST']);
  for (const [key, value] of Object.entries(process.env)) {
    if (dropped.has(key) || key.startsWith('VITEST') || key.startsWith('npm_')) continue;
    env[key] = value;
  }
  env.PATH = `${node.binDir}:${process.env.PATH ?? ''}`;
  return env;
}

/** Starts `npm start` in its own process group, output appended to logFile. */
export function startNpmStart(options: { node: NodeLine; dataDir: string; ports: Ports; logFile: string }): RunningService {
  const env = {
    ...userEnvironment(options.node),
    PORT: String(options.ports.api),
    TEMPORAL_DEV_PORT: String(options.ports.temporal),
    TEMPORAL_UI_PORT: String(options.ports.ui),
    DATA_DIR: options.dataDir,
  };
  const log = openSync(options.logFile, 'a');
  const child = spawn('npm', ['start'], { cwd: repoRoot, env, detached: true, stdio: ['ignore', log, log] });
  closeSync(log);
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  return { child, pid: child.pid!, base: `http://127.0.0.1:${options.ports.api}`, logFile: options.logFile, exited };
}

export function logTail(service: RunningService, lines = 40): string {
  return readFileSync(service.logFile, 'utf8').split('\n').slice(-lines).join('\n');
}

/** Every live process below pid (children first found through /proc's parent links). */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name in field 2 may hold spaces and parentheses: read past its last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // exited while we looked
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const [child, parent] of parents) {
      if (parent === current && !found.includes(child)) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

export interface ProcessInfo {
  pid: number;
  exe: string;
  cmdline: string;
}

export function processInfo(pid: number): ProcessInfo | undefined {
  try {
    return { pid, exe: readlinkSync(`/proc/${pid}/exe`), cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim() };
  } catch {
    return undefined;
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGKILL for whatever is left of a run (test cleanup only): its process group and the known tree. */
export function killTree(service: RunningService, known: number[] = []): void {
  try {
    process.kill(-service.pid, 'SIGKILL');
  } catch {
    // group already gone
  }
  for (const pid of [...descendants(service.pid).reverse(), ...known, service.pid]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
