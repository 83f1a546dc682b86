/** Error codes of the spec's table (plus CONFLICT for duplicate names and CREDENTIALS_REQUIRED), with their HTTP status. */
export const ERROR_STATUS = {
  INVALID_REQUEST: 400,
  INVALID_ARGUMENTS: 400,
  PLAN_LIMIT_EXCEEDED: 400,
  CANNOT_CANCEL_RUNNING: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOOL_NOT_FOUND: 404,
  JOB_NOT_FOUND: 404,
  SERVER_NOT_FOUND: 404,
  CONFLICT: 409,
  /** A tool whose server needs credentials the caller has not set (decisions.md, "The credential store"). */
  CREDENTIALS_REQUIRED: 409,
  /** A tool whose definition waits for review (issue 37): changed, new on a known server, or flagged by the scanner. */
  TOOL_HELD: 409,
  /** A call the caller's own policy denies (issue 37, item 3): it never reaches the server. */
  CALL_DENIED: 403,
  /** A direct call that must wait for its owner's approval: it became a job, named in details (issue 37, item 3). */
  APPROVAL_REQUIRED: 409,
  RATE_LIMITED: 429,
  RATE_LIMIT_EXCEEDED: 429,
  EXECUTION_ERROR: 500,
  SERVER_ERROR: 500,
  /** A remote server's authorization server failed a step of a connection (issue 36): neither our fault nor the caller's. */
  UPSTREAM_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
  EXECUTION_TIMEOUT: 504,
  TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An expected failure: rendered with its code and status, logged at info without a stack. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    /** Extra top-level fields of the error object (e.g. retry_after, argument). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const invalidRequest = (message: string, parameter?: string, reason?: string) =>
  new AppError('INVALID_REQUEST', message, parameter ? { parameter, reason: reason ?? 'invalid' } : {});
export const notFound = (code: 'NOT_FOUND' | 'TOOL_NOT_FOUND' | 'JOB_NOT_FOUND' | 'SERVER_NOT_FOUND', message: string) =>
  new AppError(code, message);
export const unauthorized = (message = 'Missing or invalid credentials') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'Permission denied') => new AppError('FORBIDDEN', message);
