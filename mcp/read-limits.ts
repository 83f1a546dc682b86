/**
 * How much the client reads from an MCP server (issue 33, item 7). A server's output is
 * untrusted data: without these a server could page tools/list forever, list a million tools,
 * or answer one call with a gigabyte that was read whole before the 1 MiB result check
 * (activities/execution/call-outcome.ts) ever saw it.
 */
export interface ReadLimits {
  /**
   * One JSON-RPC message from the server: a stdio line, a JSON response body, one SSE event.
   * Reading stops (the stream is cancelled) as soon as a message passes it. Above the 1 MiB
   * a run may hold, because a tools/list page or a call's envelope is larger than its result.
   */
  maxMessageBytes: number;
  /** tools/list pages followed for one listing. */
  maxListPages: number;
  /** Tools in one listing, all pages together. */
  maxListTools: number;
  /** Bytes of one listing's tools (their JSON), all pages together. */
  maxListBytes: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxMessageBytes: 4 * 1024 * 1024,
  maxListPages: 100,
  maxListTools: 10_000,
  maxListBytes: 16 * 1024 * 1024,
};

/**
 * The JSON-RPC error code the client answers itself with for a request whose response was too
 * large (in the implementation-defined server-error range): the SDK then rejects that request
 * at once, instead of leaving it to its time limit.
 */
export const RESPONSE_TOO_LARGE_CODE = -32_099;

/** A transport stopped reading: one message from the server passed `limit` bytes. */
export class MessageTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`MCP server sent a message larger than ${limit} bytes; reading stopped`);
    this.name = 'MessageTooLargeError';
  }
}

/**
 * What a transport tells its session when it stopped reading an oversized message: the ids of
 * the requests that message may answer (those of one HTTP POST), or undefined when it cannot
 * tell (a stdio line, a legacy SSE stream): then every request in flight.
 */
export type OnOversize = (requestIds: Array<string | number> | undefined, error: MessageTooLargeError) => void;

/** How much of one message a transport reads, and whom it tells when it cut one off. */
export interface MessageCap {
  maxMessageBytes: number;
  onOversize: OnOversize;
}
