import { isDeepStrictEqual } from 'node:util';
import type { Logger } from 'pino';
import { withDeadline } from './deadline.ts';
import { McpCancelledError, McpConnectionError } from './errors.ts';
import { LaunchConfigSchema, describeLaunch } from './launch-config.ts';
import type { LaunchConfig, LaunchConfigInput } from './launch-config.ts';
import { callToolOnce, listAllTools } from './operations.ts';
import type { CallToolOptions, CallToolOutcome, ToolDescriptor } from './operations.ts';
import { McpSession } from './session.ts';
import type { SessionEnd } from './session.ts';

export interface McpSessionPoolOptions {
  /** Reconnect delay after the n-th consecutive failure: min(baseMs · 2^(n-1), maxMs). */
  backoff?: { baseMs: number; maxMs: number };
  /** Connection attempts one operation makes before it gives up with McpConnectionError. */
  connectAttempts?: number;
  cancelGraceMs?: number;
  drainMs?: number;
  /** Default time limit of listTools. */
  listTimeoutMs?: number;
  /** Time limit of one connection attempt (launch + initialize), whoever is waiting for it. */
  connectTimeoutMs?: number;
}

/** Result of a health check; see README for what each status means. */
export interface PingResult {
  status: 'connected' | 'disconnected' | 'error';
  latencyMs?: number;
  error?: string;
}

interface Entry {
  launch: LaunchConfig;
  session?: McpSession;
  opening?: Promise<McpSession>;
  failures: number;
  retryAt: number;
}

const DEFAULTS = { backoff: { baseMs: 200, maxMs: 30_000 }, connectAttempts: 3, cancelGraceMs: 250, drainMs: 30_000, listTimeoutMs: 30_000, connectTimeoutMs: 30_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a shared promise but lets one waiter leave when its own signal fires. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The one owner of MCP client sessions in a process: one lazily opened session per
 * server name, shared by every caller, reopened with bounded exponential backoff after
 * it dies. Each operation returns a plain result or throws one of the errors in errors.ts.
 */
export class McpSessionPool {
  private readonly entries = new Map<string, Entry>();
  /** Every session not yet closed, retired ones included, so close() leaves no process behind. */
  private readonly open = new Set<McpSession>();
  private readonly settings: Required<McpSessionPoolOptions>;
  private closed = false;
  /** Aborts connects under way when the pool closes, so close() never waits out a handshake. */
  private readonly shutdown = new AbortController();

  constructor(private readonly logger: Logger, options: McpSessionPoolOptions = {}) {
    this.settings = { ...DEFAULTS, ...options };
  }

  /** Adds or replaces a server's launch config; an open session is retired so the next use reconnects. */
  register(server: string, launch: LaunchConfigInput): void {
    const parsed = LaunchConfigSchema.parse(launch);
    const previous = this.entries.get(server);
    this.entries.set(server, { launch: parsed, failures: 0, retryAt: 0 });
    previous?.session?.retire('closed-by-us');
    this.logger.info({ server, launch: describeLaunch(parsed) }, 'mcp server registered');
  }

  /** Like `register`, but a no-op when the same config is already there (the session is kept). */
  ensure(server: string, launch: LaunchConfigInput): void {
    const parsed = LaunchConfigSchema.parse(launch);
    const current = this.entries.get(server);
    if (current && isDeepStrictEqual(current.launch, parsed)) return;
    this.register(server, parsed);
  }

  /** Names of the registered servers. */
  servers(): string[] {
    return [...this.entries.keys()];
  }

  /** Every tool of the server, all tools/list pages followed. */
  async listTools(server: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<ToolDescriptor[]> {
    const timeoutMs = options.timeoutMs ?? this.settings.listTimeoutMs;
    return this.run(server, timeoutMs, options.signal, 'tools/list', (session, signal) =>
      listAllTools(server, session.client, signal, timeoutMs),
    );
  }

  /** Calls a tool; see CallToolOutcome for tool failures and errors.ts for what is thrown. */
  async callTool(server: string, tool: string, args: Record<string, unknown>, options: CallToolOptions): Promise<CallToolOutcome> {
    return this.run(server, options.timeoutMs, options.signal, `tools/call ${tool}`, (session, signal) =>
      callToolOnce(session.client, tool, args, signal, options, this.logger.child({ server })),
    );
  }

  /**
   * Health check: connects if needed (one attempt) and sends MCP ping, all within `timeoutMs`.
   * 'disconnected': it cannot be launched or reached. 'error': it is reachable but fails the
   * handshake or the ping, or answers too late; its session is then reset.
   */
  async ping(server: string, timeoutMs: number): Promise<PingResult> {
    const started = performance.now();
    try {
      await this.run(server, timeoutMs, undefined, 'ping', (session, signal) => session.client.ping({ signal, timeout: timeoutMs + 5_000 }), 1);
      return { status: 'connected', latencyMs: Math.round(performance.now() - started) };
    } catch (error) {
      const message = (error as Error).message;
      if (error instanceof McpConnectionError) return { status: 'disconnected', error: message };
      this.entries.get(server)?.session?.retire('transport-fault');
      return { status: 'error', latencyMs: Math.round(performance.now() - started), error: message };
    }
  }

  /** Closes every session; the pool refuses work afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    this.shutdown.abort(new Error('pool closed'));
    const openings = [...this.entries.values()].map((entry) => entry.opening);
    this.entries.clear();
    try {
      // A connect under way finishes into a closed pool; wait for it so its process is closed too.
      await Promise.allSettled(openings);
      await Promise.allSettled([...this.open].map((session) => session.close()));
    } finally {
      this.logger.debug('mcp pool closed');
    }
  }

  /** One operation: acquire a session and run `work`, all under one deadline and signal. */
  private async run<T>(
    server: string,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    what: string,
    work: (session: McpSession, signal: AbortSignal) => Promise<T>,
    attempts = this.settings.connectAttempts,
  ): Promise<T> {
    // An aborted call must not launch a server process just to be thrown away.
    if (signal?.aborted) throw new McpCancelledError(server, String(signal.reason));
    const deadline = Date.now() + timeoutMs;
    const session = await this.acquire(server, deadline, signal, attempts);
    try {
      const result = await session.track(() => withDeadline(server, Math.max(1, deadline - Date.now()), signal, (s) => work(session, s), what));
      // Reset only on a completed request, not on connect: a server that crashes right
      // after every handshake must keep backing off.
      const entry = this.entries.get(server);
      if (entry) entry.failures = 0;
      return result;
    } catch (error) {
      // A transport error means this session is done even if close has not been seen yet.
      if (error instanceof McpConnectionError) session.retire('transport-fault');
      throw error;
    }
  }

  /**
   * A live session, or one opened for the caller. Opening is shared by concurrent callers
   * and not tied to any one caller's signal: a caller that gives up leaves it to finish,
   * and the session is pooled for the next one.
   */
  private async acquire(server: string, deadline: number, signal: AbortSignal | undefined, attempts: number): Promise<McpSession> {
    if (this.closed) throw new McpConnectionError(server, 'MCP session pool is closed');
    const entry = this.entries.get(server);
    if (!entry) throw new McpConnectionError(server, `MCP server "${server}" is not registered`);
    if (entry.session?.usable) return entry.session;
    if (!entry.opening) {
      const wait = entry.retryAt - Date.now();
      if (wait > deadline - Date.now()) {
        // Failing now beats sleeping past the caller's limit and calling it a timeout.
        throw new McpConnectionError(server, `MCP server "${server}" is unavailable after ${entry.failures} failures; next attempt in ${wait} ms`);
      }
      entry.opening = this.connect(server, entry, attempts).finally(() => {
        entry.opening = undefined;
      });
      // Waiters may all have left (deadline, abort); the failure is theirs to see, not unhandled.
      entry.opening.catch(() => {});
    }
    const opening = entry.opening;
    return withDeadline(server, Math.max(1, deadline - Date.now()), signal, (s) => untilAborted(opening, s), 'connect');
  }

  private async connect(server: string, entry: Entry, attempts: number): Promise<McpSession> {
    let lastError: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const wait = Math.max(0, entry.retryAt - Date.now());
      if (wait > 0) await sleep(wait);
      try {
        const session = await McpSession.open(server, entry.launch, this.settings.connectTimeoutMs, this.shutdown.signal, {
          logger: this.logger.child({ server }),
          cancelGraceMs: this.settings.cancelGraceMs,
          drainMs: this.settings.drainMs,
          onEnd: (ended, why) => this.sessionEnded(server, entry, ended, why),
          onClosed: (closed) => this.open.delete(closed),
        });
        this.open.add(session);
        if (this.entries.get(server) !== entry || this.closed) {
          await session.close();
          throw new McpConnectionError(server, `MCP server "${server}" was re-registered or the pool closed while connecting`);
        }
        entry.session = session;
        this.logger.info({ server, transport: session.kind }, 'mcp session open');
        return session;
      } catch (error) {
        lastError = error;
        entry.failures++;
        entry.retryAt = Date.now() + this.backoff(entry.failures);
        this.logger.warn({ server, failures: entry.failures, err: (error as Error).message }, 'mcp connect failed');
        // Only an unreachable server is worth another try; a broken handshake will not heal.
        if (!(error instanceof McpConnectionError)) throw error;
      }
    }
    throw lastError;
  }

  private sessionEnded(server: string, entry: Entry, session: McpSession, why: SessionEnd): void {
    if (entry.session === session) entry.session = undefined;
    if (why === 'closed-by-peer' || why === 'transport-fault') {
      // Count a crash so a crash-looping server is retried ever more slowly.
      entry.failures++;
      entry.retryAt = Date.now() + this.backoff(entry.failures);
    }
    this.logger[why === 'closed-by-us' ? 'debug' : 'warn']({ server, why }, 'mcp session ended');
  }

  private backoff(failures: number): number {
    const { baseMs, maxMs } = this.settings.backoff;
    return Math.min(baseMs * 2 ** Math.max(0, failures - 1), maxMs);
  }
}
