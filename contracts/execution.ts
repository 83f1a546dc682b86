import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import type { SearchAttributePair } from '@temporalio/common';
import { z } from 'zod';
import { SEARCH_ATTRIBUTES } from './core.ts';

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
  /** Something of ours failed (not the tool, not the caller): the spec's internal error. */
  internal: 'SERVER_ERROR',
} as const;
export type ExecutionFailureCode = (typeof EXECUTION_FAILURES)[keyof typeof EXECUTION_FAILURES];

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

export const toolExecutionInput = z.object({
  /** The workflow id; for a job, the job id. */
  executionId: z.string(),
  mode: z.enum(['direct', 'job']),
  /** null when the admin key runs a tool without acting as a user. */
  userId: z.string().nullable(),
  server: z.string(),
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  timeLimitMs: z.number().int().positive(),
});
export type ToolExecutionInput = z.infer<typeof toolExecutionInput>;

export const tokensUsed = z.object({ input: z.number().int(), output: z.number().int() });
export type TokensUsed = z.infer<typeof tokensUsed>;

/** A completed run: what the workflow returns and the service hands to every face. */
export const toolRunResult = z.object({
  result: z.record(z.string(), z.unknown()),
  executionTimeMs: z.number().int(),
  tokensUsed,
});
export type ToolRunResult = z.infer<typeof toolRunResult>;

/** Details of a run's error: which argument, what the tool said, which limit (open: e.g. result_bytes). */
export const executionFailureDetails = z.looseObject({
  argument: z.string().optional(),
  tool_error: z.string().optional(),
  timeout_ms: z.number().optional(),
});

/**
 * The one error of a run that did not complete, from the activity that met it to every face:
 * jobs store it, the workflow fails with it (ApplicationFailure type = code, details = [details])
 * and the API decodes it once (api/services/execution/failures.ts).
 */
export const executionError = z.object({
  code: z.enum(Object.values(EXECUTION_FAILURES) as [ExecutionFailureCode, ...ExecutionFailureCode[]]),
  message: z.string(),
  details: executionFailureDetails,
});
export type ExecutionError = z.infer<typeof executionError>;

const ended = { error: executionError, durationMs: z.number().int(), result: z.record(z.string(), z.unknown()).optional() };

/**
 * What one run of a tool came to, as a value the workflow holds once the call activity
 * returned: from then on nothing calls the tool again, whatever recording it takes.
 * `rejected`: refused before any call (the server is gone or no longer runnable).
 * `failed` with a result: the tool answered isError. Results are the tool's real output;
 * recording makes them storable (db/jobs/storable.ts). Parsed where it enters the workflow.
 */
export const toolCallOutcome = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('completed'), run: toolRunResult }),
  z.object({ kind: z.literal('failed'), ...ended }),
  z.object({ kind: z.literal('timeout'), ...ended }),
  z.object({ kind: z.literal('rejected'), error: executionError }),
]);
export type ToolCallOutcome = z.infer<typeof toolCallOutcome>;

/** One pass of a job (activity runJob): still waiting for its slot, gone (canceled), or called. */
export const jobStep = z.discriminatedUnion('state', [
  z.object({ state: z.literal('waiting') }),
  z.object({ state: z.literal('gone'), status: z.string() }),
  z.object({ state: z.literal('called'), outcome: toolCallOutcome, announced: z.boolean() }),
]);
export type JobStep = z.infer<typeof jobStep>;

/** Input of the recording activities: the run and what it came to. */
export interface RecordRunInput {
  input: ToolExecutionInput;
  outcome: ToolCallOutcome;
}

/** Search attributes of a run, so operators find it in the Temporal UI by user, tool and server. */
export function runSearchAttributes(values: { user: string | null; tool?: string; server?: string; run?: string }): SearchAttributePair[] {
  const key = (name: keyof typeof SEARCH_ATTRIBUTES) => defineSearchAttributeKey(SEARCH_ATTRIBUTES[name], SearchAttributeType.KEYWORD);
  const pairs: SearchAttributePair[] = [{ key: key('user'), value: values.user ?? 'admin' }];
  if (values.tool) pairs.push({ key: key('tool'), value: values.tool });
  if (values.server) pairs.push({ key: key('server'), value: values.server });
  if (values.run) pairs.push({ key: key('run'), value: values.run });
  return pairs;
}
