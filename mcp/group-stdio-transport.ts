import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { LineBuffer } from './line-buffer.ts';
import { DEFAULT_READ_LIMITS, MessageTooLargeError } from './read-limits.ts';
import type { OnOversize } from './read-limits.ts';

export interface GroupStdioParams {
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** Longest line (one JSON-RPC message) read from the server; past it the session ends. */
  maxMessageBytes?: number;
  /** Told which requests an oversized line may have answered (any in flight) before the close. */
  onOversize?: OnOversize;
}

/** After stdin closes, how long a server gets to exit by itself, then after SIGTERM. */
const EXIT_WAIT_MS = 2_000;

/**
 * Leaders of the process groups of every live stdio server of this process. Killed when
 * the process exits, whatever the path (normal exit, process.exit on a start-up error,
 * an uncaught exception): being detached, nothing else would stop them.
 */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already empty
  }
}

function track(pgid: number): void {
  liveGroups.add(pgid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const group of liveGroups) killGroup(group, 'SIGKILL');
  });
}

/**
 * The MCP SDK's StdioClientTransport spawns its server in our process group and offers no
 * option to change that, so a Ctrl-C (SIGINT to the terminal's whole foreground group) killed
 * every MCP server before the service had drained, and running tool calls failed at once.
 * This transport speaks the same newline-delimited JSON-RPC over stdio (the SDK's
 * message format and serializer; our LineBuffer caps a line) but starts the server detached, in a group of its own, and ends
 * the whole group on close: stdin closed first, SIGTERM after EXIT_WAIT_MS, SIGKILL after as long.
 * The environment is the SDK's minimal default plus `env`, as with the SDK transport.
 */
export class GroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** The server's stderr, available before start so no early line is lost. */
  readonly stderr = new PassThrough();
  private child?: ChildProcess;
  private readonly buffer: LineBuffer;

  constructor(private readonly params: GroupStdioParams) {
    // A line is held until its newline: a server writing one endless line is cut off at the cap.
    this.buffer = new LineBuffer(params.maxMessageBytes ?? DEFAULT_READ_LIMITS.maxMessageBytes);
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  start(): Promise<void> {
    if (this.child) throw new Error('GroupStdioTransport already started');
    return new Promise((resolve, reject) => {
      const child = spawn(this.params.command, this.params.args ?? [], {
        env: { ...getDefaultEnvironment(), ...this.params.env },
        cwd: this.params.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
        shell: false,
      });
      this.child = child;
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => {
        if (child.pid !== undefined) track(child.pid);
        resolve();
      });
      // The leader is gone: whatever it started gets SIGTERM now, SIGKILL once stdio closes.
      child.once('exit', () => child.pid !== undefined && killGroup(child.pid, 'SIGTERM'));
      child.once('close', () => {
        if (child.pid !== undefined) {
          // Grandchildren (a server started through npx or a shell) die with their leader.
          killGroup(child.pid, 'SIGKILL');
          liveGroups.delete(child.pid);
        }
        if (this.child === child) this.child = undefined;
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.receive(chunk));
      child.stderr?.pipe(this.stderr);
    });
  }

  private receive(chunk: Buffer): void {
    // Closing: whatever the server still writes is not read (it may be the rest of an endless line).
    if (!this.child) return;
    try {
      this.buffer.append(chunk);
    } catch (error) {
      // Over the buffer limit: the stream can no longer be framed, so the session is over. The
      // calls waiting on it fail now as too large, rather than as a closed connection to retry.
      const tooLarge = error instanceof MessageTooLargeError ? error : new MessageTooLargeError(this.params.maxMessageBytes ?? DEFAULT_READ_LIMITS.maxMessageBytes);
      this.params.onOversize?.(undefined, tooLarge);
      this.onerror?.(tooLarge);
      this.child.stdout?.destroy();
      void this.close();
      return;
    }
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch (error) {
        this.onerror?.(error as Error); // one malformed line; the next may be fine
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin) return Promise.reject(new Error('Not connected'));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    this.buffer.clear();
    if (!child || child.pid === undefined) return;
    const closed = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    const within = (ms: number) => Promise.race([closed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);
    try {
      child.stdin?.end();
    } catch {
      // the pipe is already gone
    }
    if (await within(EXIT_WAIT_MS)) return;
    killGroup(child.pid, 'SIGTERM');
    if (await within(EXIT_WAIT_MS)) return;
    killGroup(child.pid, 'SIGKILL');
  }
}
