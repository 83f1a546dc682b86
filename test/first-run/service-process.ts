import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, readlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configSchema } from '../../platform/config.ts';
import { descendants, freePorts as freePortsIn } from '../support/processes.ts';
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

const PORT_RANGE = { from: 30_000, to: 32_767 };

/** Distinct free ports for this suite (test/support/processes.ts says why this range). */
export const freePorts = (count: number) => freePortsIn(count, PORT_RANGE);

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

/** SIGKILL for whatever is left of a run (test cleanup only): its process group and the known tree. */
export function killTree(service: RunningService, known: number[] = []): void {
  try {
    process.kill(-service.pid, 'SIGKILL');
  } catch {
    // group already gone
  }
  for (const pid of [...descendants(service.pid).map((p) => p.pid).reverse(), ...known, service.pid]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
