import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import type { SearchAttributePair } from '@temporalio/common';
import { z } from 'zod';
import { SEARCH_ATTRIBUTES } from './index.ts';

/** Workflow type names, as the API starts them and operators filter by them in the Temporal UI. */
export const TOOL_EXECUTION_WORKFLOW = 'toolExecutionWorkflow';
export const WEBHOOK_DELIVERY_WORKFLOW = 'webhookDeliveryWorkflow';

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

/**
 * Type of the retryable failure the call activity throws when no answer came (server down,
 * transport closed mid-call): the only case in which a tool is called again.
 */
export const MCP_UNAVAILABLE = 'MCP_UNAVAILABLE';

/** How often a run asks a server that gave no answer, first attempt included. */
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

export const toolRunResult = z.object({
  result: z.record(z.string(), z.unknown()),
  executionTimeMs: z.number().int(),
  tokensUsed,
});
export type ToolRunResult = z.infer<typeof toolRunResult>;

/** What a completed run returns; failures end the workflow with an ApplicationFailure instead. */
export type ToolExecutionOutput = ToolRunResult & { status: 'completed' };

/** The error of a run that did not complete, as jobs store it and the API renders it. */
export interface ExecutionError {
  code: string;
  message: string;
  details: ExecutionFailureDetails;
}

/**
 * What one run of a tool came to, as a value the workflow holds once the call activity
 * returned: from then on nothing calls the tool again, whatever recording it takes.
 * `rejected`: refused before any call (unknown tool, arguments not matching the schema).
 * `failed` with a result: the tool answered isError. Results are the tool's real output;
 * recording makes them storable (db/jobs/storable.ts).
 */
export type ToolCallOutcome =
  | { kind: 'completed'; run: ToolRunResult }
  | { kind: 'failed' | 'timeout'; error: ExecutionError; durationMs: number; result?: Record<string, unknown> }
  | { kind: 'rejected'; error: ExecutionError };

/** Input of the recording activities: the run and what it came to. */
export interface RecordRunInput {
  input: ToolExecutionInput;
  outcome: ToolCallOutcome;
}

/** Details carried by an execution ApplicationFailure (its first `details` element). */
export interface ExecutionFailureDetails {
  argument?: string;
  tool_error?: string;
  timeout_ms?: number;
  [key: string]: unknown;
}

export const webhookDeliveryInput = z.object({
  /** The workflow id: one delivery per (subscription, event). */
  deliveryId: z.string(),
  webhookId: z.string(),
  eventId: z.string(),
  /** The exact bytes sent on every attempt, fixed before the first one (same id, same signature). */
  body: z.string(),
});
export type WebhookDeliveryInput = z.infer<typeof webhookDeliveryInput>;

/**
 * Delivery retry schedule (decisions.md): waits of 1, 2, 4, ... s capped at 10 min, 12 attempts
 * in all, so a receiver gets about 35 minutes to recover before the delivery is given up.
 */
export const WEBHOOK_RETRY = {
  initialIntervalMs: 1_000,
  backoffCoefficient: 2,
  maximumIntervalMs: 600_000,
  maximumAttempts: 12,
} as const;

/** A receiver must answer with a 2xx within this time (spec: "answers quickly"). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Search attributes of a run, so operators find it in the Temporal UI by user, tool and server. */
export function runSearchAttributes(values: { user: string | null; tool?: string; server?: string }): SearchAttributePair[] {
  // Built per call, not at load: index.ts re-exports this module, so SEARCH_ATTRIBUTES is not
  // initialised yet while this file loads.
  const key = (name: keyof typeof SEARCH_ATTRIBUTES) => defineSearchAttributeKey(SEARCH_ATTRIBUTES[name], SearchAttributeType.KEYWORD);
  const pairs: SearchAttributePair[] = [{ key: key('user'), value: values.user ?? 'admin' }];
  if (values.tool) pairs.push({ key: key('tool'), value: values.tool });
  if (values.server) pairs.push({ key: key('server'), value: values.server });
  return pairs;
}
