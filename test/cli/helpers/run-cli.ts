import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The `bin` of package.json, run as a user's shell would: a child process of its own. */
export const BIN = resolve(import.meta.dirname, '../../../cli/switchboard.mjs');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A home of its own for each test file: the CLI's config folder, nobody else's. */
export async function freshHome(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'switchboard-cli-'));
}

/**
 * Runs `switchboard <args>` to its end. The environment is built from scratch (PATH, HOME and
 * `env`), so a SWITCHBOARD_* variable of the machine never leaks into a test. `onStderr` sees
 * stderr as it arrives (login prints its code there while it waits).
 */
export function runCli(args: string[], env: Record<string, string>, onStderr?: (soFar: string) => void): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      onStderr?.(stderr);
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** A 127.0.0.1 port nothing listens on: taken from the kernel, then given back. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  await new Promise<void>((ok) => server.close(() => ok()));
  return port;
}

/**
 * Runs `switchboard <args>` on a pseudo-terminal (util-linux `script`), where it draws its
 * progress bar in place instead of printing lines: stdout and stderr arrive mixed, as on a screen.
 */
export function runCliInTerminal(args: string[], env: Record<string, string>): Promise<CliRun> {
  const command = [process.execPath, BIN, ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
  return new Promise((done, fail) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr: '' }));
  });
}
