import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError as SdkMcpError } from '@modelcontextprotocol/sdk/types.js';
import { MessageTooLargeError, RESPONSE_TOO_LARGE_CODE } from './read-limits.ts';

/**
 * The local error surface of mcp/: every rejection of the pool is one of these four.
 * Tool failures are not errors at all (they come back as `{ ok: false, isError: true }`),
 * so callers can tell "the tool said no" from "we could not ask".
 * Messages never carry launch secrets (env values, headers, URL credentials).
 */
export abstract class McpClientError extends Error {
  /** Name of the server (pool key) the failure belongs to. */
  readonly server: string;
  constructor(server: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.server = server;
    this.name = new.target.name;
  }
}

/** The call exceeded its time limit; `notifications/cancelled` was sent to the server. */
export class McpTimeoutError extends McpClientError {
  readonly timeoutMs: number;
  constructor(server: string, timeoutMs: number, what = 'request') {
    super(server, `${what} to MCP server "${server}" timed out after ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller aborted the call (its AbortSignal); `notifications/cancelled` was sent. */
export class McpCancelledError extends McpClientError {
  constructor(server: string, reason?: string) {
    super(server, `call to MCP server "${server}" was cancelled${reason ? `: ${reason}` : ''}`);
  }
}

/**
 * The tool was not called: the check of the session's listing when it opened refused it (a
 * definition that differs from its pin, held for review: RegisterOptions.onOpen). Nothing was sent.
 */
export class McpToolRefusedError extends McpClientError {
  constructor(server: string, readonly tool: string, readonly reason: string) {
    super(server, `tool "${tool}" of MCP server "${server}" was not called: ${reason}`);
  }
}

/** The server could not be reached or launched, or its transport closed mid-call. */
export class McpConnectionError extends McpClientError {}

/**
 * A connection failure before the request was written: launching, reaching or initialising
 * the server failed (refused, reset, exited at start, handshake timed out, in backoff). The
 * tool cannot have run, so asking again is safe; a plain McpConnectionError may come after
 * the request left, when the tool may have run.
 */
export class McpUnreachableError extends McpConnectionError {}

/**
 * A request that failed before any byte of it left: the peer refused the TCP connection, the
 * host name did not resolve, or the SDK had no transport to write to ("Not connected"). A
 * reset, a closed stream or a dead process may come after the request was read: not these.
 */
export function neverSent(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    // ETARGETREFUSED: the outbound guard refused the address before connecting (outbound-guard.ts).
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ETARGETREFUSED') return true;
    if (e instanceof Error && e.message === 'Not connected') return true;
  }
  return false;
}

/** True when the outbound guard refused the target (outbound-guard.ts): asking again cannot help. */
export function targetRefused(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === 'ETARGETREFUSED') return true;
  }
  return false;
}

/** A request's failure, as McpUnreachableError when it provably never left (neverSent). */
export function afterAcquire(server: string, error: unknown): unknown {
  if (error instanceof McpConnectionError && !(error instanceof McpUnreachableError) && neverSent(error)) {
    return new McpUnreachableError(server, error.message, { cause: error });
  }
  return error;
}

/**
 * What a failure to get a session means for the operation that wanted it. A connection
 * failure, or a connect that ran out of its own 30 s before the operation's deadline, is
 * McpUnreachableError; a timeout at the operation's deadline stays a timeout (its time is
 * spent, so another attempt could not run it anyway). `deadline` is epoch ms.
 */
export function beforeRequest(server: string, error: unknown, deadline: number): unknown {
  if (error instanceof McpUnreachableError || !(error instanceof McpClientError)) return error;
  if (error instanceof McpConnectionError) return new McpUnreachableError(server, error.message, { cause: error });
  // Timers may fire a millisecond early: within 5 ms of the deadline it is the deadline's.
  if (error instanceof McpTimeoutError && Date.now() < deadline - 5) {
    return new McpUnreachableError(server, `MCP server "${server}" did not complete its handshake: ${error.message}`, { cause: error });
  }
  return error;
}

/** The server answered, but not as MCP allows: a JSON-RPC error or a malformed result. */
export class McpProtocolError extends McpClientError {
  /** JSON-RPC error code when the server sent one. */
  readonly code?: number;
  constructor(server: string, message: string, code?: number, options?: { cause?: unknown }) {
    super(server, message, options);
    this.code = code;
  }
}

/**
 * The server's answer passed the client's message cap (read-limits.ts) and was not read to its
 * end. An answer, not a lost connection: asking again would read as much again, so no retry.
 */
export class McpResponseTooLargeError extends McpProtocolError {
  readonly limit: number;
  constructor(server: string, limit: number, options?: { cause?: unknown }) {
    super(server, `MCP server "${server}" sent a message larger than ${limit} bytes; reading stopped`, RESPONSE_TOO_LARGE_CODE, options);
    this.limit = limit;
  }
}

/** The size cap behind an error, when the error (or a cause of it) is a cut-off message. */
function tooLargeLimit(error: unknown): number | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof MessageTooLargeError) return e.limit;
    // The error response the client gave itself for a cut-off message (ObservedTransport.failPending).
    if (e instanceof SdkMcpError && e.code === RESPONSE_TOO_LARGE_CODE) return Number(/larger than (\d+) bytes/.exec(e.message)?.[1] ?? 0);
  }
  return undefined;
}

/** True for a transport failure: the session behind it is no longer usable. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof McpConnectionError) return true;
  if (error instanceof SdkMcpError) return error.code === ErrorCode.ConnectionClosed;
  // The HTTP exchange itself failed (404 on the endpoint, 401, dropped stream): no session.
  if (error instanceof StreamableHTTPError || error instanceof SseError || error instanceof UnauthorizedError) return true;
  if (!(error instanceof Error)) return false;
  // Node/undici and the SDK transports report a dead peer with these shapes.
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^(E[A-Z]+|UND_ERR)/.test(code)) return true;
  return /not connected|fetch failed|terminated|socket|ECONNREFUSED|EPIPE|stream disconnected/i.test(
    error.message,
  );
}

/**
 * Maps anything the SDK or a transport threw into our four classes.
 * Keeps the original as `cause` for logs; the message names only the server and the class of
 * failure, never the server's own words: an HTTP error body, a JSON-RPC error message or a
 * socket error may carry whatever the far side chose (a secret, markup, another tenant's
 * data), and this message travels to the caller (issue 33 item 6).
 */
export function toMcpClientError(server: string, error: unknown): McpClientError {
  if (error instanceof McpClientError) return error;
  const limit = tooLargeLimit(error);
  if (limit !== undefined) return new McpResponseTooLargeError(server, limit, { cause: error });
  if (isConnectionFailure(error)) {
    return new McpConnectionError(server, `MCP server "${server}" is unreachable (${failureClass(error)})`, { cause: error });
  }
  if (error instanceof SdkMcpError) {
    return new McpProtocolError(server, `MCP server "${server}" answered with JSON-RPC error ${error.code}`, error.code, { cause: error });
  }
  return new McpProtocolError(server, `MCP server "${server}" misbehaved (${failureClass(error)})`, undefined, { cause: error });
}

/**
 * What kind of failure it was, in words of ours only: the HTTP status, a refused target, a
 * system error code (ECONNREFUSED, ENOENT) from anywhere in the cause chain, or the error's
 * class name. Never the message text.
 */
export function failureClass(error: unknown): string {
  const status = (error as { code?: unknown } | null)?.code;
  if ((error instanceof StreamableHTTPError || error instanceof SseError) && typeof status === 'number' && status > 0) return `HTTP ${status}`;
  if (error instanceof UnauthorizedError) return 'HTTP 401';
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ETARGETREFUSED') return 'refused: not a public address';
    if (typeof code === 'string' && /^(E[A-Z0-9_]+|UND_ERR[A-Z_]*|ERR_[A-Z0-9_]+)$/.test(code)) return code;
  }
  if (error instanceof SdkMcpError && error.code === ErrorCode.ConnectionClosed) return 'connection closed';
  if (error instanceof Error && /^(not connected)$/i.test(error.message)) return 'not connected';
  return error instanceof Error && error.name !== 'Error' ? error.name : 'unexpected failure';
}
