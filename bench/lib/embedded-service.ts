// The embedded `npm start` service as a child process of a benchmark: runtime/main.ts through
// scripts/start.mjs (as npm start runs it), with its own
// Temporal dev server, PGlite in `dataDir` and the in-process worker, on ports port..port+2,
// its output kept. bench/boot.ts times it; bench/streams.ts (--shape embedded) loads it.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

export interface EmbeddedService {
  child: ChildProcess;
  url: string;
  output(): string;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

export function spawnEmbedded(options: { dataDir: string; port: number; logLevel: string }): EmbeddedService {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: options.dataDir,
    PORT: String(options.port),
    TEMPORAL_DEV_PORT: String(options.port + 1),
    TEMPORAL_UI_PORT: String(options.port + 2),
    TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH ?? join(root, '.cache', 'bin', 'temporal'),
    LOG_LEVEL: options.logLevel,
  };
  const child = spawn(process.execPath, ['scripts/start.mjs', 'runtime/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${options.port}`, output: () => output, exited };
}
