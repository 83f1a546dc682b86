import type { Logger } from 'pino';
import { withDeadline } from './deadline.ts';
import { McpConnectionError } from './errors.ts';
import type { FetchLike } from './guarded-fetch.ts';
import type { LaunchConfig } from './launch-config.ts';
import type { ReadLimits } from './read-limits.ts';
import { listAllTools } from './operations.ts';
import type { ToolDescriptor } from './operations.ts';
import { McpSession } from './session.ts';
import type { SessionEnd } from './session.ts';

/** What a registration checks when a session opens: the tools its calls must refuse, each with why. */
export type OpenCheck = (tools: ToolDescriptor[]) => Promise<Iterable<[string, string]>>;

/** Connection settings shared by every slot of a pool. */
export interface SlotSettings {
  backoff: { baseMs: number; maxMs: number };
  connectTimeoutMs: number;
  cancelGraceMs: number;
  drainMs: number;
  readLimits: ReadLimits;
  onLaunch: (server: string, outcome: 'opened' | 'failed') => void;
}

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
 * One registered server's connection lifecycle: at most one usable session, opened on
 * demand, reopened after it dies with delay min(baseMs · 2^(failures-1), maxMs).
 */
export class ServerSlot {
  private session: McpSession | undefined;
  private opening: Promise<McpSession> | undefined;
  private failures = 0;
  private retryAt = 0;
  private disposed = false;

  constructor(
    readonly server: string,
    readonly launch: LaunchConfig,
    private readonly settings: SlotSettings,
    private readonly logger: Logger,
    /** Every session not yet closed, shared with the pool so close() reaches retired ones too. */
    private readonly open: Set<McpSession>,
    private readonly shutdown: AbortSignal,
    /** The fetch of an HTTP session: the guarded one when its targets must be public. */
    readonly fetch?: FetchLike,
    /** Checks each new session's tools/list before it serves a call (RegisterOptions.onOpen). */
    private readonly onOpen?: OpenCheck,
  ) {}

  /** Tools the last opened session's check refused, with why. */
  private refused = new Map<string, string>();

  /** Whether a session is open now, so its onOpen check has run. */
  get ready(): boolean {
    return this.session?.usable === true;
  }

  /** Why the current session must not call `tool`, or undefined. */
  refusal(tool: string): string | undefined {
    return this.refused.get(tool);
  }

  /** The refusal of `tool` no longer stands (its hold was decided): this session may call it. */
  lift(tool: string): void {
    this.refused.delete(tool);
  }

  /**
   * A live session, or one opened for the caller within its deadline. Opening is shared by
   * concurrent callers and not tied to any one caller's signal: a caller that gives up
   * leaves it to finish, and the session is kept for the next one.
   */
  async acquire(deadline: number, signal: AbortSignal | undefined, attempts: number): Promise<McpSession> {
    if (this.session?.usable) return this.session;
    if (!this.opening) {
      const wait = this.retryAt - Date.now();
      if (wait > deadline - Date.now()) {
        // Failing now beats sleeping past the caller's limit and calling it a timeout.
        throw new McpConnectionError(this.server, `MCP server "${this.server}" is unavailable after ${this.failures} failures; next attempt in ${wait} ms`);
      }
      this.opening = this.connect(attempts).finally(() => {
        this.opening = undefined;
      });
      // Waiters may all have left (deadline, abort); the failure is theirs to see, not unhandled.
      this.opening.catch(() => {});
    }
    const opening = this.opening;
    return withDeadline(this.server, Math.max(1, deadline - Date.now()), signal, (s) => untilAborted(opening, s), 'connect');
  }

  /** A request completed: the server works, so the next failure starts the backoff afresh. */
  succeeded(): void {
    this.failures = 0;
  }

  /** Stops handing out the current session; it closes once its in-flight calls settle. */
  retire(why: SessionEnd): void {
    this.session?.retire(why);
  }

  /** The server was re-registered: retire its session, including one still being opened. */
  dispose(): void {
    this.disposed = true;
    this.retire('closed-by-us');
  }

  /** Waits for a connect under way (aborted by the pool's shutdown signal) to settle. */
  async settle(): Promise<void> {
    await this.opening?.catch(() => {});
  }

  private async connect(attempts: number): Promise<McpSession> {
    let lastError: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const wait = Math.max(0, this.retryAt - Date.now());
      if (wait > 0) await sleep(wait);
      try {
        const session = await McpSession.open(this.server, this.launch, this.settings.connectTimeoutMs, this.shutdown, {
          logger: this.logger,
          cancelGraceMs: this.settings.cancelGraceMs,
          drainMs: this.settings.drainMs,
          maxMessageBytes: this.settings.readLimits.maxMessageBytes,
          fetch: this.fetch,
          onEnd: (ended, why) => this.ended(ended, why),
          onClosed: (closed) => this.open.delete(closed),
        });
        this.open.add(session);
        if (this.shutdown.aborted || this.disposed) {
          await session.close();
          throw new McpConnectionError(this.server, `MCP server "${this.server}" was re-registered or the pool closed`);
        }
        if (this.onOpen) {
          // Before any call: a started instance's listing is compared with the pins (issue 37, item 1).
          try {
            const tools = await listAllTools(this.server, session.client, this.shutdown, this.settings.connectTimeoutMs, this.settings.readLimits);
            this.refused = new Map(await this.onOpen(tools));
          } catch (error) {
            await session.close();
            throw error;
          }
        }
        this.session = session;
        this.settings.onLaunch(this.server, 'opened');
        this.logger.info({ transport: session.kind }, 'mcp session open');
        return session;
      } catch (error) {
        lastError = error;
        this.failed();
        this.settings.onLaunch(this.server, 'failed');
        this.logger.warn({ failures: this.failures, err: (error as Error).message }, 'mcp connect failed');
        // Only an unreachable server is worth another try; a broken handshake will not heal.
        if (!(error instanceof McpConnectionError)) throw error;
      }
    }
    throw lastError;
  }

  private ended(session: McpSession, why: SessionEnd): void {
    if (this.session === session) this.session = undefined;
    // Count a crash so a crash-looping server is retried ever more slowly.
    if (why === 'closed-by-peer' || why === 'transport-fault') this.failed();
    this.logger[why === 'closed-by-us' ? 'debug' : 'warn']({ why }, 'mcp session ended');
  }

  private failed(): void {
    this.failures++;
    const { baseMs, maxMs } = this.settings.backoff;
    this.retryAt = Date.now() + Math.min(baseMs * 2 ** (this.failures - 1), maxMs);
  }
}
