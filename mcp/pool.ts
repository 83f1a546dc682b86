import { isDeepStrictEqual } from 'node:util';
import type { Logger } from 'pino';
import { withDeadline } from './deadline.ts';
import { IdleSlots } from './idle-slots.ts';
import type { SlotGroup } from './idle-slots.ts';
import { afterAcquire, beforeRequest, McpCancelledError, McpConnectionError, McpToolRefusedError, McpUnreachableError } from './errors.ts';
import { LaunchConfigSchema, describeLaunch } from './launch-config.ts';
import type { LaunchConfigInput } from './launch-config.ts';
import { bearerFetch } from './bearer-fetch.ts';
import type { BearerTokens } from './bearer-fetch.ts';
import { createGuardedFetch } from './guarded-fetch.ts';
import type { FetchLike } from './guarded-fetch.ts';
import { callToolOnce, listAllTools } from './operations.ts';
import type { CallToolOptions, CallToolOutcome, ToolDescriptor } from './operations.ts';
import { ServerSlot } from './server-slot.ts';
import type { OpenCheck, SlotSettings } from './server-slot.ts';
import type { McpSession } from './session.ts';
import { DEFAULT_READ_LIMITS } from './read-limits.ts';
import type { ReadLimits } from './read-limits.ts';

export interface McpSessionPoolOptions {
  /** Reconnect delay after the n-th consecutive failure: min(baseMs · 2^(n-1), maxMs). Default 200 ms .. 30 s. */
  backoff?: { baseMs: number; maxMs: number };
  /** Connection attempts one operation makes before it gives up with McpConnectionError. Default 3. */
  connectAttempts?: number;
  /** Progress/result for a cancelled request later than this after the cancel = "ignored". Default 250 ms. */
  cancelGraceMs?: number;
  /** How long a reset session may finish other in-flight calls before it is closed. Default 30 s. */
  drainMs?: number;
  /** Default time limit of listTools. Default 30 s. */
  listTimeoutMs?: number;
  /** Time limit of one connection attempt (launch + initialize), whoever waits for it. Default 30 s. */
  connectTimeoutMs?: number;
  /** How much is read from a server: one message, one tools/list (read-limits.ts). Defaults: 4 MiB; 100 pages, 10,000 tools, 16 MiB. */
  readLimits?: Partial<ReadLimits>;
  /** Told of every connection attempt's end (a process's metrics count launches per server). */
  onLaunch?: (server: string, outcome: 'opened' | 'failed') => void;
  /** Told when an idle-managed server is dropped (idle or evicted): the worker's record of where instances live follows. */
  onDrop?: (server: string) => void;
  /**
   * At most this many servers registered with `idleMs` (per-user instances) at once; beyond it
   * the least recently used one with nothing in flight is dropped. Default 32; the worker sets
   * MAX_WARM_INSTANCES (about 27 MiB PSS each: docs/decisions.md, "Hardening 2: the bundled reference servers").
   */
  maxIdleManaged?: number;
  /**
   * HTTP servers may be reached only at public addresses, checked at connect time after DNS
   * (guarded-fetch.ts), unless registered as trusted. Default false: a library pool reaches
   * what it is given; the worker sets it from ALLOW_PRIVATE_WEBHOOK_TARGETS.
   */
  publicTargetsOnly?: boolean;
}

/** How one registration is kept. */
export interface RegisterOptions {
  /** Drop the registration (and close its session) this long after its last use; see IdleSlots. */
  idleMs?: number;
  /** With idleMs: the registrations that share a cap (one user's instances); see IdleSlots. */
  group?: SlotGroup;
  /** The operator chose this server's URL (an admin entry): exempt from publicTargetsOnly. */
  trusted?: boolean;
  /** One user's OAuth connection: every HTTP request carries that user's token (bearer-fetch.ts). */
  bearer?: BearerTokens;
  /**
   * Called with each new session's tools/list before the session serves a call; the tools it
   * names are refused (McpToolRefusedError) until the next session. A failure fails the connect.
   */
  onOpen?: OpenCheck;
}

/** Result of a health check; see README for what each status means. */
export interface PingResult {
  status: 'connected' | 'disconnected' | 'error';
  latencyMs?: number;
  error?: string;
}

type PoolSettings = Required<Omit<McpSessionPoolOptions, 'readLimits'>> & { readLimits: ReadLimits };

const DEFAULTS: PoolSettings = {
  backoff: { baseMs: 200, maxMs: 30_000 },
  connectAttempts: 3,
  cancelGraceMs: 250,
  drainMs: 30_000,
  listTimeoutMs: 30_000,
  connectTimeoutMs: 30_000,
  readLimits: DEFAULT_READ_LIMITS,
  onLaunch: () => {},
  onDrop: () => {},
  maxIdleManaged: 32,
  publicTargetsOnly: false,
};

/**
 * The one owner of MCP client sessions in a process: one lazily opened session per
 * server name, shared by every caller, reopened with bounded exponential backoff after
 * it dies. Each operation returns a plain result or throws one of the errors in errors.ts.
 */
export class McpSessionPool {
  private readonly slots = new Map<string, ServerSlot>();
  /** Every session not yet closed, retired ones included, so close() leaves no process behind. */
  private readonly open = new Set<McpSession>();
  private readonly settings: PoolSettings;
  /** Aborts connects under way when the pool closes, so close() never waits out a handshake. */
  private readonly shutdown = new AbortController();
  private readonly idle: IdleSlots;
  /** One guarded fetch (and so one keep-alive agent pair) for every guarded server. */
  private readonly guardedFetch: FetchLike = createGuardedFetch({ allowPrivate: false });
  /** How each registration's HTTP requests go (guarded, with a bearer): a change of either re-registers. */
  private readonly fetchKinds = new Map<string, string>();

  constructor(private readonly logger: Logger, options: McpSessionPoolOptions = {}) {
    this.settings = { ...DEFAULTS, ...options, readLimits: { ...DEFAULT_READ_LIMITS, ...options.readLimits } };
    this.idle = new IdleSlots(this.settings.maxIdleManaged, (server) => this.drop(server));
  }

  /** Adds or replaces a server's launch config; an open session is retired so the next use reconnects. */
  register(server: string, launch: LaunchConfigInput, options: RegisterOptions = {}): void {
    const parsed = LaunchConfigSchema.parse(launch);
    const settings: SlotSettings = this.settings;
    const logger = this.logger.child({ server });
    const guarded = this.guarded(options) ? this.guardedFetch : undefined;
    const fetch = options.bearer ? bearerFetch(guarded ?? globalThis.fetch, options.bearer) : guarded;
    this.fetchKinds.set(server, this.fetchKind(options));
    this.slots.get(server)?.dispose();
    this.idle.forget(server);
    this.slots.set(server, new ServerSlot(server, parsed, settings, logger, this.open, this.shutdown.signal, fetch, options.onOpen));
    if (options.idleMs !== undefined) this.idle.watch(server, options.idleMs, options.group);
    logger.info({ launch: describeLaunch(parsed), guarded: guarded !== undefined, bearer: options.bearer !== undefined }, 'mcp server registered');
  }

  /**
   * Like `register`, but a no-op when the same config (and trust) is already there (the session
   * is kept; an idle-managed one counts this as a use, so it is not dropped before the call that follows).
   */
  ensure(server: string, launch: LaunchConfigInput, options: RegisterOptions = {}): void {
    const parsed = LaunchConfigSchema.parse(launch);
    const current = this.slots.get(server);
    const same = current && isDeepStrictEqual(current.launch, parsed) && this.fetchKinds.get(server) === this.fetchKind(options);
    if (same && (options.idleMs === undefined) === !this.idle.watched(server)) {
      this.idle.touch(server);
      return;
    }
    this.register(server, parsed, options);
  }

  private guarded(options: RegisterOptions): boolean {
    return this.settings.publicTargetsOnly && !options.trusted;
  }

  private fetchKind(options: RegisterOptions): string {
    return `${this.guarded(options)}:${options.bearer !== undefined}`;
  }

  /** Sessions not yet closed (retired ones draining included), by server: the pool's size. */
  openSessions(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const session of this.open) counts.set(session.server, (counts.get(session.server) ?? 0) + 1);
    return counts;
  }

  /** Whether `server` is registered (a per-user instance: warm, or about to start, here). */
  has(server: string): boolean {
    return this.slots.has(server);
  }

  /** Whether `server` has a session open now (its onOpen check has run). */
  isOpen(server: string): boolean {
    return this.slots.get(server)?.ready ?? false;
  }

  /** Opens `server`'s session, onOpen check included, unless one is open: what a first call would do before calling. */
  async connect(server: string, options: { timeoutMs: number; signal?: AbortSignal | undefined }): Promise<void> {
    await this.run(server, options.timeoutMs, options.signal, 'connect', async () => undefined);
  }

  /** Names of the registered servers. */
  servers(): string[] {
    return [...this.slots.keys()];
  }

  /** Every tool of the server, all tools/list pages followed. */
  async listTools(server: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<ToolDescriptor[]> {
    const timeoutMs = options.timeoutMs ?? this.settings.listTimeoutMs;
    return this.run(server, timeoutMs, options.signal, 'tools/list', (session, signal) => listAllTools(server, session.client, signal, timeoutMs, this.settings.readLimits));
  }

  /** Calls a tool; see CallToolOutcome for tool failures and errors.ts for what is thrown. */
  async callTool(server: string, tool: string, args: Record<string, unknown>, options: CallToolOptions): Promise<CallToolOutcome> {
    const logger = this.logger.child({ server });
    return this.run(server, options.timeoutMs, options.signal, `tools/call ${tool}`, (session, signal) => {
      // Checked after the session is acquired: a session just opened has had its listing checked (onOpen).
      const refused = this.slots.get(server)?.refusal(tool);
      if (refused) throw new McpToolRefusedError(server, tool, refused);
      return callToolOnce(session.client, tool, args, signal, options, logger);
    });
  }

  /** Lets the server's current session call a tool its onOpen check refused (the reason is gone: a hold decided). */
  liftRefusal(server: string, tool: string): void {
    this.slots.get(server)?.lift(tool);
  }

  /**
   * Health check: connects if needed (one attempt) and sends MCP ping, all within `timeoutMs`.
   * 'disconnected': it cannot be launched or reached. 'error': it is reachable but fails the
   * handshake or the ping, or answers too late; its session is then reset.
   */
  async ping(server: string, timeoutMs: number): Promise<PingResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      await this.run(server, timeoutMs, undefined, 'ping', (session, signal) => session.client.ping({ signal, timeout: timeoutMs + 5_000 }), 1);
      return { status: 'connected', latencyMs: elapsed() };
    } catch (error) {
      const message = (error as Error).message;
      if (error instanceof McpConnectionError) return { status: 'disconnected', error: message };
      this.slots.get(server)?.retire('transport-fault');
      return { status: 'error', latencyMs: elapsed(), error: message };
    }
  }

  /** Closes every session (stdio: the process is ended); the pool refuses work afterwards. */
  async close(): Promise<void> {
    this.shutdown.abort(new Error('pool closed'));
    this.idle.clear();
    const slots = [...this.slots.values()];
    this.slots.clear();
    try {
      // A connect under way ends (aborted) before we close, so its process is not left behind.
      await Promise.allSettled(slots.map((slot) => slot.settle()));
    } finally {
      await Promise.allSettled([...this.open].map((session) => session.close()));
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
    if (this.shutdown.signal.aborted) throw new McpUnreachableError(server, 'MCP session pool is closed');
    const slot = this.slots.get(server);
    if (!slot) throw new McpUnreachableError(server, `MCP server "${server}" is not registered`);
    // An idle-managed server is never dropped while an operation (connect included) is under way.
    this.idle.begin(server);
    try {
      return await this.runOn(slot, timeoutMs, signal, what, work, attempts);
    } finally {
      this.idle.end(server);
    }
  }

  private async runOn<T>(
    slot: ServerSlot,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    what: string,
    work: (session: McpSession, signal: AbortSignal) => Promise<T>,
    attempts: number,
  ): Promise<T> {
    const { server } = slot;
    const deadline = Date.now() + timeoutMs;
    // Nothing was sent while acquiring: its failures say so (McpUnreachableError), so callers may retry them.
    const session = await slot.acquire(deadline, signal, attempts).catch((error: unknown) => {
      throw beforeRequest(server, error, deadline);
    });
    try {
      const remaining = Math.max(1, deadline - Date.now());
      const result = await session.track(() => withDeadline(server, remaining, signal, (s) => work(session, s), what));
      slot.succeeded();
      return result;
    } catch (error) {
      // A transport error means this session is done even if its close has not been seen yet.
      if (error instanceof McpConnectionError) session.retire('transport-fault');
      throw afterAcquire(server, error);
    }
  }

  /** An idle-managed server unused for its idleMs (or evicted over the cap): forget it, end its process. */
  private drop(server: string): void {
    const slot = this.slots.get(server);
    this.slots.delete(server);
    this.fetchKinds.delete(server);
    slot?.dispose();
    this.logger.debug({ server }, 'idle mcp server dropped');
    this.settings.onDrop(server);
  }
}
