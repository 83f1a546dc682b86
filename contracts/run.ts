/**
 * A tool run's constants, value types and the checks its workflow makes, without zod.
 *
 * The tool-execution workflow imports only this file (workflows/tool-execution.ts; its module
 * graph is kept zod-free by test/execution/workflow-graph.test.ts). Temporal's reusable V8
 * context evaluates a run's workflow modules again for every run, and zod's module code with
 * our schemas cost about half of what a direct run added over a bare workflow (decisions.md,
 * "Overhead per run"). The zod schemas of these types stay in execution.ts for the API and
 * starters (boundaries); test/execution/contracts.test.ts keeps both sides equal.
 */

/** Signal a finishing job sends to queued jobs of the same user: a concurrency slot is free. */
export const SLOT_FREED_SIGNAL = 'slotFreed';

/**
 * Time limits of a tool run (decisions.md). Direct calls suit work under ~5 s (spec), so
 * their maximum is modest; jobs may run long. Queue time does not count against a job.
 */
export const DIRECT_TIME_LIMIT = { defaultMs: 30_000, maxMs: 300_000 } as const;
export const JOB_TIME_LIMIT = { defaultMs: 300_000, maxMs: 3_600_000 } as const;

/** Concurrent running jobs per plan (spec, Limits: free 1, pro 5, enterprise "custom"). */
export const DEFAULT_JOB_CONCURRENCY = { free: 1, pro: 5, enterprise: 50 } as const;

/** Failure types the workflow raises; the API maps them to the spec's codes. */
export const EXECUTION_FAILURES = {
  invalidArguments: 'INVALID_ARGUMENTS',
  toolError: 'EXECUTION_ERROR',
  timeout: 'EXECUTION_TIMEOUT',
  toolNotFound: 'TOOL_NOT_FOUND',
  /** The user's OAuth connection to the server is gone (a refused refresh): they must connect again. */
  credentialsRequired: 'CREDENTIALS_REQUIRED',
  /** The instance's listing, checked when it started, held the tool (issue 37, item 1): nothing was called. */
  toolHeld: 'TOOL_HELD',
  /**
   * The user's policy, decided again once the instance started and listed its tools (the pin
   * may only then know the tool's annotations), asks for approval or denies: nothing was called.
   */
  approvalRequired: 'APPROVAL_REQUIRED',
  callDenied: 'CALL_DENIED',
  /** Something of ours failed (not the tool, not the caller): the spec's internal error. */
  internal: 'SERVER_ERROR',
} as const;
export type ExecutionFailureCode = (typeof EXECUTION_FAILURES)[keyof typeof EXECUTION_FAILURES];
const FAILURE_CODES: ReadonlySet<string> = new Set(Object.values(EXECUTION_FAILURES));

/**
 * Type of the retryable failure the call activity throws when the request never left (the
 * server could not be launched, reached or initialised): the only case in which a tool is
 * asked again (decisions.md, "At most one call per run").
 */
export const MCP_UNAVAILABLE = 'MCP_UNAVAILABLE';

/** How often a run tries to reach a server it could not reach, first attempt included. */
export const CALL_ATTEMPTS = 3;

/**
 * Largest tool result a run holds, in bytes of its JSON (decisions.md): the result travels in
 * Temporal payloads, which the server refuses above 2 MB, and a refused completion must not
 * turn an answer into a re-run or an internal error.
 */
export const MAX_RESULT_BYTES = 1_048_576;

export interface ToolExecutionInput {
  /** The workflow id; for a job, the job id. */
  executionId: string;
  mode: 'direct' | 'job';
  /** null when the admin key runs a tool without acting as a user. */
  userId: string | null;
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  timeLimitMs: number;
  /** Present when the call waits for its owner's approval first (issue 37, item 3). */
  approval?: ApprovalWait;
}

/** A wait for a person: the approval's id (the call_approvals row) and how long it may take. */
export interface ApprovalWait {
  id: string;
  waitMs: number;
}

/** Signal the API sends a waiting run once its owner decided (the row is written first). */
export const CALL_DECISION_SIGNAL = 'callDecision';
export interface CallDecisionSignal {
  approvalId: string;
  status: 'approved' | 'denied';
}
/** How a run that was not approved ends: denied by its owner, or nobody decided in time. */
export const APPROVAL_FAILURES = { denied: 'APPROVAL_DENIED', expired: 'APPROVAL_EXPIRED' } as const;

export interface TokensUsed {
  input: number;
  output: number;
}

/** A completed run: what the workflow returns and the service hands to every face. */
export interface ToolRunResult {
  result: Record<string, unknown>;
  executionTimeMs: number;
  tokensUsed: TokensUsed;
}

/** Details of a run's error: which argument, what the tool said, which limit (open: e.g. result_bytes). */
export interface ExecutionFailureDetails {
  argument?: string | undefined;
  tool_error?: string | undefined;
  timeout_ms?: number | undefined;
  [key: string]: unknown;
}

/**
 * The one error of a run that did not complete, from the activity that met it to every face:
 * jobs store it, the workflow fails with it (ApplicationFailure type = code, details = [details])
 * and the API decodes it once (api/services/execution/failures.ts).
 */
export interface ExecutionError {
  code: ExecutionFailureCode;
  message: string;
  details: ExecutionFailureDetails;
}

interface Ended {
  error: ExecutionError;
  durationMs: number;
  result?: Record<string, unknown> | undefined;
}

/**
 * What one run of a tool came to, as a value the workflow holds once the call activity
 * returned: from then on nothing calls the tool again, whatever recording it takes.
 * `rejected`: refused before any call (the server is gone or no longer runnable).
 * `failed` with a result: the tool answered isError. Results are the tool's real output;
 * recording makes them storable (db/jobs/storable.ts). Checked where it enters the workflow.
 */
export type ToolCallOutcome =
  | { kind: 'completed'; run: ToolRunResult }
  | ({ kind: 'failed' } & Ended)
  | ({ kind: 'timeout' } & Ended)
  | { kind: 'rejected'; error: ExecutionError };

/**
 * One pass of a job (activity runJob): still waiting for its slot, gone (canceled), or called.
 * `next`, when present, says runJob also recorded the run (history, events, final state) and
 * names the queued jobs to wake; absent, the workflow records it with recordJob.
 */
export type JobStep =
  | { state: 'waiting' }
  | { state: 'gone'; status: string }
  | { state: 'elsewhere'; taskQueue: string }
  /** Its instance's start showed the tool asks for approval (activities/execution/policy-after-start.ts): nothing was called. */
  | { state: 'approval'; reason: string }
  | { state: 'called'; outcome: ToolCallOutcome; announced: boolean; next?: string[] | undefined };

/**
 * A call step that found the caller's warm instance on another worker (scale-out shape, issue
 * 35 item 3): the workflow sends the call to that worker's own task queue instead of starting a
 * second instance here (docs/decisions.md, "A user's calls reach their warm instance").
 */
export interface Elsewhere {
  kind: 'elsewhere';
  taskQueue: string;
}

/** The second argument of a call step sent to a worker (or run as its fallback): call here, ask no one where. */
export interface CallRoute {
  here: true;
}
export const CALL_HERE: CallRoute = { here: true };

/**
 * How long a call sent to the worker holding its warm instance may wait to be picked up; past
 * it that worker is taken for gone (or too busy) and the call runs on any worker, from cold.
 */
export const ROUTED_PICKUP_TIMEOUT = '2 seconds';

/** Input of the recording activities: the run and what it came to. */
export interface RecordRunInput {
  input: ToolExecutionInput;
  outcome: ToolCallOutcome;
}

// The checks below do what a zod parse of these types would (the same shapes accepted, unknown
// keys dropped except in the open details), in plain code: a value that does not fit throws,
// naming the path, and the workflow treats that as an internal failure of the run.

type Fields = Record<string, unknown>;

function misfit(path: string, expected: string): never {
  throw new TypeError(`${path}: expected ${expected}`);
}

function record(value: unknown, path: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) misfit(path, 'an object');
  return value as Fields;
}

function text(value: unknown, path: string): string {
  return typeof value === 'string' ? value : misfit(path, 'a string');
}

function integer(value: unknown, path: string): number {
  return Number.isInteger(value) ? (value as number) : misfit(path, 'an integer');
}

function optional<T>(value: unknown, path: string, check: (value: unknown, path: string) => T): T | undefined {
  return value === undefined ? undefined : check(value, path);
}

/** Keys whose value is undefined are left out, as zod leaves out absent optional keys. */
function defined<T extends Fields>(fields: T): T {
  for (const key of Object.keys(fields)) if (fields[key] === undefined) delete fields[key];
  return fields;
}

/** The open details of an error: the known keys checked, every other key kept. */
export function executionFailureDetailsOf(value: unknown, path = 'details'): ExecutionFailureDetails {
  const v = record(value, path);
  optional(v.argument, `${path}.argument`, text);
  optional(v.tool_error, `${path}.tool_error`, text);
  if (v.timeout_ms !== undefined && !Number.isFinite(v.timeout_ms)) misfit(`${path}.timeout_ms`, 'a number');
  return { ...v };
}

function executionErrorOf(value: unknown, path: string): ExecutionError {
  const v = record(value, path);
  if (typeof v.code !== 'string' || !FAILURE_CODES.has(v.code)) misfit(`${path}.code`, `one of ${[...FAILURE_CODES].join(', ')}`);
  return { code: v.code as ExecutionFailureCode, message: text(v.message, `${path}.message`), details: executionFailureDetailsOf(v.details, `${path}.details`) };
}

function toolRunResultOf(value: unknown, path: string): ToolRunResult {
  const v = record(value, path);
  const tokens = record(v.tokensUsed, `${path}.tokensUsed`);
  return {
    result: { ...record(v.result, `${path}.result`) },
    executionTimeMs: integer(v.executionTimeMs, `${path}.executionTimeMs`),
    tokensUsed: { input: integer(tokens.input, `${path}.tokensUsed.input`), output: integer(tokens.output, `${path}.tokensUsed.output`) },
  };
}

/** A call activity's result as the workflow decides on it; throws when it is not a ToolCallOutcome. */
export function toolCallOutcomeOf(value: unknown, path = 'outcome'): ToolCallOutcome {
  const v = record(value, path);
  switch (v.kind) {
    case 'completed':
      return { kind: 'completed', run: toolRunResultOf(v.run, `${path}.run`) };
    case 'failed':
    case 'timeout': {
      const result = optional(v.result, `${path}.result`, record);
      return defined({ kind: v.kind, error: executionErrorOf(v.error, `${path}.error`), durationMs: integer(v.durationMs, `${path}.durationMs`), result: result && { ...result } });
    }
    case 'rejected':
      return { kind: 'rejected', error: executionErrorOf(v.error, `${path}.error`) };
    default:
      return misfit(`${path}.kind`, 'completed, failed, timeout or rejected');
  }
}

/** The task queue a direct call activity's result sends the call to, or null when it called (every older result). */
export function elsewhereOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || (value as Fields).kind !== 'elsewhere') return null;
  return text((value as Fields).taskQueue, 'outcome.taskQueue');
}

/** Whether a direct call activity's result says it recorded the run itself (older results never do). */
export function recordedInCall(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as Fields).recorded === true;
}

/** A runJob activity's result; throws when it is not a JobStep. */
export function jobStepOf(value: unknown, path = 'step'): JobStep {
  const v = record(value, path);
  switch (v.state) {
    case 'waiting':
      return { state: 'waiting' };
    case 'gone':
      return { state: 'gone', status: text(v.status, `${path}.status`) };
    case 'elsewhere':
      return { state: 'elsewhere', taskQueue: text(v.taskQueue, `${path}.taskQueue`) };
    case 'approval':
      return { state: 'approval', reason: text(v.reason, `${path}.reason`) };
    case 'called': {
      if (typeof v.announced !== 'boolean') misfit(`${path}.announced`, 'a boolean');
      if (v.next !== undefined && !(Array.isArray(v.next) && v.next.every((id) => typeof id === 'string'))) misfit(`${path}.next`, 'a list of job ids');
      const next = v.next as string[] | undefined;
      return defined({ state: 'called', outcome: toolCallOutcomeOf(v.outcome, `${path}.outcome`), announced: v.announced, next: next && [...next] });
    }
    default:
      return misfit(`${path}.state`, 'waiting, gone, elsewhere or called');
  }
}
