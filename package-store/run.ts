import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';

export interface RunResult {
  code: number | null;
  /** Last few KB of stdout and stderr together, for error messages. */
  output: string;
  stdout: string;
  timedOut: boolean;
  aborted: boolean;
}

export interface RunOptions {
  cwd: string;
  env: Record<string, string>;
  /** Absolute time (ms since the epoch) past which the command's process group is killed. */
  deadline: number;
  signal?: AbortSignal;
  /** Each line the command prints, for progress. */
  onLine?: (line: string) => void;
}

const TAIL = 8_000;
const MAX_STDOUT = 4 * 1024 * 1024;

function killGroup(pid: number | undefined): void {
  try {
    if (pid) process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is already gone.
  }
}

/**
 * Kills the command's process group when this process dies, however it dies. npm and uv run
 * detached (so a timeout can kill their whole tree), which also means a SIGKILL of ours would
 * leave them writing into a temp folder nobody owns. The watchdog is a shell reading a pipe
 * from us: our death closes the pipe, `read` returns and it kills the group.
 */
function watchdog(pgid: number): () => void {
  const dog = spawn('/bin/sh', ['-c', `read _ ; kill -KILL -- -${pgid} 2>/dev/null`], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  dog.unref();
  dog.on('error', () => {});
  // Our end of the pipe must not keep this process alive, nor fail it when the dog is gone.
  (dog.stdin as Socket | null)?.unref();
  dog.stdin?.on('error', () => {});
  return () => killGroup(dog.pid);
}

/** Runs a command to completion, or kills its process group at the deadline or on abort. */
export function run(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const stopDog = child.pid ? watchdog(child.pid) : () => {};
    let output = '';
    let stdout = '';
    let partial = '';
    let timedOut = false;
    let aborted = false;
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      output = (output + text).slice(-TAIL);
      if (!options.onLine) return;
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) options.onLine(line.trim());
    };
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < MAX_STDOUT) stdout += chunk.toString();
      keep(chunk);
    });
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, Math.max(0, options.deadline - Date.now()));
    const onAbort = () => {
      aborted = true;
      killGroup(child.pid);
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    const finish = (code: number | null, extra = '') => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      // The command may have left children of its own in the group.
      killGroup(child.pid);
      stopDog();
      resolve({ code, output: output + extra, stdout, timedOut, aborted });
    };
    child.on('error', (error) => finish(-1, `\n${error.message}`));
    child.on('close', (code) => finish(code));
  });
}
