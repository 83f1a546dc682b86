import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Logger } from 'pino';
import { backstopTimeout, withDeadline } from './deadline.ts';
import { McpConnectionError } from './errors.ts';
import type { FetchLike } from './guarded-fetch.ts';
import type { LaunchConfig } from './launch-config.ts';
import { ObservedTransport } from './observed-transport.ts';
import type { MessageTooLargeError } from './read-limits.ts';
import { candidateKinds, createTransport, shouldFallBackToSse } from './transports.ts';
import type { TransportKind } from './transports.ts';

/** Why a session ended, reported once to its owner (the pool). */
export type SessionEnd = 'closed-by-peer' | 'transport-fault' | 'cancellation-ignored' | 'closed-by-us';

export interface SessionOptions {
  logger: Logger;
  /** Progress or results for a cancelled request arriving later than this mean "ignored". */
  cancelGraceMs: number;
  /** How long a retired session may finish its other in-flight calls before it is closed. */
  drainMs: number;
  /** Carries every HTTP request of the session; absent = the global fetch. */
  fetch?: FetchLike;
  /** Called once when the session stops being usable. */
  onEnd: (session: McpSession, why: SessionEnd) => void;
  /** Called once the transport is closed (process gone for stdio). */
  onClosed: (session: McpSession) => void;
  /** Largest message read from the server (read-limits.ts). */
  maxMessageBytes: number;
}

/**
 * Streamable HTTP servers keep per-session state until told otherwise; a DELETE (bounded,
 * best effort) tells them. Closing the transport alone only drops our side.
 */
async function terminateHttpSession(transport: unknown): Promise<void> {
  if (!(transport instanceof StreamableHTTPClientTransport) || transport.sessionId === undefined) return;
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 1_000).unref());
  await Promise.race([transport.terminateSession().catch(() => {}), timeout]);
}

const CLIENT_INFO = { name: 'switchboard', version: '0.1.0' };
/** A liveness probe after a transport fault must answer within this, or the session is dropped. */
const PROBE_TIMEOUT_MS = 3_000;

/**
 * One connected MCP client session. It notices its own death (peer closed, transport
 * fault confirmed by a failed ping, or a cancelled request the server keeps running)
 * and reports it once through `onEnd`; the pool then opens a fresh one on next use.
 */
export class McpSession {
  private inflight = 0;
  private ended = false;
  private retiring = false;
  private probing = false;
  private drainTimer: NodeJS.Timeout | undefined;

  private constructor(
    readonly server: string,
    readonly client: Client,
    private readonly transport: ObservedTransport,
    readonly kind: TransportKind,
    private readonly options: SessionOptions,
  ) {}

  /** Connects (launching the process for stdio) within `timeoutMs`; for `http` tries Streamable HTTP, then SSE. */
  static async open(
    server: string,
    launch: LaunchConfig,
    timeoutMs: number,
    signal: AbortSignal,
    options: SessionOptions,
  ): Promise<McpSession> {
    const kinds = candidateKinds(launch);
    for (const [index, kind] of kinds.entries()) {
      const client = new Client(CLIENT_INFO, { capabilities: {} });
      let session: McpSession | undefined;
      // A message cut off at the cap fails the requests it may answer at once (observed-transport.ts).
      // Without ids (a stdio line, a GET stream) the stream itself is lost: no new call may pick
      // this session while its transport winds down.
      const onOversize = (ids: Array<string | number> | undefined, error: MessageTooLargeError) => {
        transport.failPending(ids, error);
        if (!ids) session?.retire('transport-fault');
      };
      const cap = { maxMessageBytes: options.maxMessageBytes, onOversize };
      const transport = new ObservedTransport(
        createTransport(launch, kind, options.logger, cap, options.fetch),
        {
          onCancellationIgnored: (id) => session?.cancellationIgnored(String(id)),
          onTransportError: (error) => session?.transportFault(error),
        },
        options.cancelGraceMs,
      );
      try {
        await withDeadline(server, timeoutMs, signal, (s) => client.connect(transport, { signal: s, timeout: backstopTimeout(timeoutMs) }), 'connect');
      } catch (error) {
        await transport.close().catch(() => {});
        const cause = error instanceof McpConnectionError ? error.cause : (error as Error).cause;
        if (index < kinds.length - 1 && shouldFallBackToSse(cause)) {
          options.logger.info({ server }, 'streamable HTTP refused, falling back to legacy SSE');
          continue;
        }
        throw error;
      }
      session = new McpSession(server, client, transport, kind, options);
      client.onclose = () => {
        if (!session) return;
        session.end('closed-by-peer');
        options.onClosed(session);
      };
      // Protocol-level oddities (e.g. progress for an unknown token) are logged, not fatal.
      client.onerror = (error) => options.logger.debug({ server, err: error.message }, 'mcp protocol notice');
      return session;
    }
    throw new McpConnectionError(server, `MCP server "${server}" offers no usable transport`);
  }

  get usable(): boolean {
    return !this.ended && !this.retiring;
  }

  /** Runs one request, counted so a retiring session can wait for it. */
  async track<T>(work: () => Promise<T>): Promise<T> {
    this.inflight++;
    try {
      return await work();
    } finally {
      this.inflight--;
      if (this.retiring && this.inflight === 0) void this.close();
    }
  }

  /**
   * Stops new use at once and closes after the in-flight calls settle (or `drainMs`),
   * so one bad call does not cut off the other jobs sharing this session.
   */
  retire(why: SessionEnd): void {
    if (this.ended || this.retiring) return;
    this.retiring = true;
    this.options.onEnd(this, why);
    if (this.inflight === 0) void this.close();
    else this.drainTimer = setTimeout(() => void this.close(), this.options.drainMs).unref();
  }

  /** Closes the transport (for stdio: ends stdin, then SIGTERM, then SIGKILL). */
  async close(): Promise<void> {
    clearTimeout(this.drainTimer);
    this.end('closed-by-us');
    try {
      await terminateHttpSession(this.transport.inner);
      await this.client.close();
    } catch {
      // Already closed by the peer: nothing left to release.
    } finally {
      this.options.onClosed(this);
    }
  }

  private end(why: SessionEnd): void {
    if (this.ended) return;
    this.ended = true;
    if (!this.retiring) this.options.onEnd(this, why);
  }

  private cancellationIgnored(requestId: string): void {
    this.options.logger.warn({ server: this.server, requestId }, 'server kept running a cancelled request; resetting session');
    this.retire('cancellation-ignored');
  }

  /** A transport fault may be transient (a dropped SSE stream the SDK resumes) or fatal: ask. */
  private transportFault(error: Error): void {
    if (this.ended || this.probing) return;
    this.probing = true;
    this.options.logger.debug({ server: this.server, err: error.message }, 'transport fault, probing');
    this.client
      .ping({ timeout: PROBE_TIMEOUT_MS })
      .catch(() => {
        this.options.logger.warn({ server: this.server }, 'server unreachable after transport fault; closing session');
        this.end('transport-fault');
        return this.client.close();
      })
      .catch(() => {})
      .finally(() => {
        this.probing = false;
      });
  }
}
