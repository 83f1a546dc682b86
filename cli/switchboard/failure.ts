/**
 * Exit codes of `switchboard` (documented in --help and the README): a script can tell a
 * failed tool from a typo, a missing login, an unknown id and a service that is not there.
 */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  unreachable: 5,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT_CODES_HELP = `Exit codes:
  0  ok
  1  the tool or job failed (or any other error)
  2  usage: bad command, option or arguments (nothing was run)
  3  auth: not logged in, bad or expired key, not allowed
  4  not found: no such tool, job, server or webhook
  5  the service is unreachable (nothing listening, or not ready)`;

/** An error the CLI expects: printed as one line (and, with --json, as a JSON document) and exited with its code. */
export class Failure extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    /** What the service said, when it said something: the error code, HTTP status and details. */
    readonly service?: { status: number; code?: string; details?: unknown },
  ) {
    super(message);
  }
}

export const usage = (message: string) => new Failure(message, EXIT.usage);
