import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { descendants } from '../../support/processes.ts';
import type { TestApp } from '../../support/test-app.ts';
import { TEST_ADMIN_KEY, TEST_JWT_SECRET, TEST_CREDENTIALS_KEY } from '../../support/test-app.ts';

export interface ServiceProcess {
  pid: number;
  /** Kills the process and everything it started (its own process group). */
  kill(): Promise<void>;
  output: string[];
}

/**
 * Starts `npm run worker` or `npm run api` as a real process of the production shape,
 * sharing the test app's database and task queue, and resolves once it says it is ready.
 */
export async function startProcess(kind: 'worker' | 'api', t: TestApp, extra: Record<string, string> = {}): Promise<ServiceProcess> {
  const entry = kind === 'worker' ? 'runtime/worker.ts' : 'runtime/api.ts';
  const ready = kind === 'worker' ? 'worker polling' : 'switchboard listening';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: t.config.DATABASE_URL,
      TEMPORAL_ADDRESS: t.config.TEMPORAL_ADDRESS,
      TASK_QUEUE_PREFIX: t.config.TASK_QUEUE_PREFIX,
      ADMIN_KEY: TEST_ADMIN_KEY,
      JWT_SECRET: TEST_JWT_SECRET,
      CREDENTIALS_KEY: TEST_CREDENTIALS_KEY,
      SEARCH_BACKEND: 'embedded',
      DATA_DIR: mkdtempSync(join(tmpdir(), `sb-${kind}-`)),
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: '1000',
      ...extra,
    },
  });
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const killGroup = () => {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // already gone
    }
  };
  await new Promise<void>((resolve, reject) => {
    // A process that never got ready must not outlive the test that started it.
    const timer = setTimeout(() => (killGroup(), reject(new Error(`${kind} not ready in 150 s:\n${output.join('').slice(-3000)}`))), 150_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (chunk.toString().includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${kind} exited with ${code}:\n${output.join('').slice(-3000)}`)));
  });
  return {
    pid: child.pid as number,
    output,
    async kill() {
      killGroup();
      await exited;
    },
  };
}

/** Pids of every process below `root` whose command line contains `needle`. */
export function descendantPids(root: number, needle: string): number[] {
  return descendants(root)
    .filter((p) => p.args.includes(needle))
    .map((p) => p.pid);
}
