import { spawn } from 'node:child_process';
import { closeSync, fstatSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { until } from '../../execution/helpers/setup.ts';
import { alive, descendants } from '../../support/processes.ts';
import { TEST_ADMIN_KEY, TEST_CREDENTIALS_KEY, TEST_JWT_SECRET } from '../../support/test-app.ts';
import type { TestApp } from '../../support/test-app.ts';

/*
 * Replicas of the production shape as separate OS processes: what `npm run api` and
 * `npm run worker` run (`tsx runtime/<kind>.ts`), started as `node --import tsx runtime/<kind>.ts`
 * without npm's and tsx's wrapper processes (as scripts/scale-out.sh does), so the pid is the
 * service itself and `kill -9 <pid>` kills exactly the service, not a wrapper.
 */

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export type ReplicaKind = 'api' | 'worker';

export interface Replica {
  name: string;
  kind: ReplicaKind;
  pid: number;
  /** http://127.0.0.1:<port> for an API. */
  base?: string;
  logFile: string;
  /** Resolves with the exit code or signal name once the process has exited. */
  exited: Promise<number | string>;
  /** Every process the replica started that was alive the last time `snapshotChildren` ran (MCP servers, ...). */
  children: Set<number>;
}

/**
 * What every replica of a test's production shape is started with: `shared` (the settings the
 * test's own app got too), its database and task queues, the test keys, info logs.
 */
export function replicaEnv(t: TestApp, shared: Record<string, string>): Record<string, string> {
  return {
    ...shared,
    DATABASE_URL: t.config.DATABASE_URL as string,
    TASK_QUEUE_PREFIX: t.config.TASK_QUEUE_PREFIX,
    ADMIN_KEY: TEST_ADMIN_KEY,
    JWT_SECRET: TEST_JWT_SECRET,
    CREDENTIALS_KEY: TEST_CREDENTIALS_KEY,
    LOG_LEVEL: 'info',
    SHUTDOWN_GRACE_MS: '2000',
  };
}

/** The log file's last lines, for failure messages. */
export function logTail(replica: Replica, lines = 30): string {
  try {
    return readFileSync(replica.logFile, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Starts a replica with `env` (the shared production-shape settings) and resolves once it says
 * it serves: an API once it listens, a worker once it polls. The log (pino JSON lines, stdout
 * and stderr) is appended to `<logDir>/<name>.log` across restarts.
 */
export async function startReplica(options: { name: string; kind: ReplicaKind; env: Record<string, string>; logDir: string; port?: number; readyMs?: number }): Promise<Replica> {
  const { name, kind } = options;
  const logFile = join(options.logDir, `${name}.log`);
  const log = openSync(logFile, 'a');
  // A restart appends to the same log: only what this start writes may say it is ready.
  const from = fstatSync(log).size;
  const child = spawn(process.execPath, ['--import', 'tsx', `runtime/${kind}.ts`], {
    cwd: repoRoot,
    // A session of its own: vitest's terminal signals do not reach it; the test stops it.
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: mkdtempSync(join(tmpdir(), `sb-${name}-`)),
      ...options.env,
      ...(options.port ? { PORT: String(options.port) } : {}),
    },
  });
  closeSync(log);
  const pid = child.pid as number;
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const replica: Replica = { name, kind, pid, logFile, exited, children: new Set(), ...(options.port ? { base: `http://127.0.0.1:${options.port}` } : {}) };
  const ready = kind === 'worker' ? 'worker polling' : 'switchboard listening';
  let gone: number | string | undefined;
  void exited.then((code) => (gone = code));
  try {
    await until(async () => {
      if (gone !== undefined) throw new Error(`${name} exited (${gone}) before it was ready:\n${logTail(replica)}`);
      return readFileSync(logFile).subarray(from).toString('utf8').includes(ready) ? true : undefined;
    }, options.readyMs ?? 240_000, 250).catch((error: Error) => {
      throw new Error(`${name} not ready: ${error.message}\n${logTail(replica)}`);
    });
  } catch (error) {
    // A replica that never got ready must not outlive the test that started it.
    kill9(replica);
    throw error;
  }
  return replica;
}

/** Records the replica's live descendants (MCP servers and their children) so they can be checked after it died. */
export function snapshotChildren(replica: Replica): void {
  if (!alive(replica.pid)) return;
  for (const row of descendants(replica.pid)) replica.children.add(row.pid);
}

/** `kill -9` of the service process alone, as a crash or the OOM killer would: its children are left to notice. */
export function kill9(replica: Replica): void {
  snapshotChildren(replica);
  try {
    process.kill(replica.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** The graceful stop of an operator (SIGTERM); resolves with how it exited. */
export async function stopReplica(replica: Replica): Promise<number | string> {
  snapshotChildren(replica);
  try {
    process.kill(replica.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  return replica.exited;
}

/** Test cleanup only: whatever is left of a replica and everything it started. */
export function killAll(replica: Replica): void {
  snapshotChildren(replica);
  for (const pid of [replica.pid, ...replica.children]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** The replica's recorded children still alive, with their command lines (for a failure message). */
export function survivingChildren(replica: Replica): string[] {
  return [...replica.children].filter(alive).map((pid) => {
    try {
      return `${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()}`;
    } catch {
      return String(pid);
    }
  });
}
