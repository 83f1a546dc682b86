import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { Server } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { freePorts as freePortsIn } from '../support/processes.ts';

/**
 * Entry points (`npm start`, `npm run worker`, ...) as real processes for the lifecycle tests:
 * each in a process group of its own, like a terminal job, so a test can signal the whole
 * group the way a Ctrl-C does, and clean up after itself.
 */
export interface EntryProcess {
  pid: number;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process is gone. */
  exited: Promise<{ code: number | null; signal: string | null }>;
  hasExited(): boolean;
  waitFor(text: string | RegExp, timeoutMs: number): Promise<void>;
  /** SIGKILL to its group: cleanup only. */
  kill(): void;
}

export function startEntry(entry: string, env: Record<string, string>): EntryProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    pid: child.pid as number,
    output: () => output,
    exited,
    hasExited: () => child.exitCode !== null || child.signalCode !== null,
    waitFor(text, timeoutMs) {
      const found = () => (typeof text === 'string' ? output.includes(text) : text.test(output));
      return new Promise((resolve, reject) => {
        const done = (error?: Error) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (error) reject(error);
          else resolve();
        };
        const check = () => found() && done();
        const timer = setTimeout(() => done(new Error(`"${text}" not seen within ${timeoutMs} ms:\n${output.slice(-3000)}`)), timeoutMs);
        listeners.add(check);
        void exited.then(({ code }) => !found() && done(new Error(`${entry} exited (${code}) before "${text}":\n${output.slice(-3000)}`)));
        check();
      });
    },
    kill() {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}

export { alive as isAlive, descendants } from '../support/processes.ts';

/** Holds a port the way another program would: a listening socket that never answers. */
export async function holdPort(port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createNetServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => resolve());
  });
  return server;
}

/** Distinct free ports from 23000-23999, this suite's range. */
export const freePorts = (count: number) => freePortsIn(count, { from: 23_000, to: 23_999 });

/** A webhook receiver on a fixed port that answers 200 and records event ids. */
export async function startReceiver(port: number) {
  const ids: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      ids.push((JSON.parse(body) as { id: string }).id);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { ids, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
