import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import type { SearchAttributePair } from '@temporalio/common';
import { z } from 'zod';
import { SEARCH_ATTRIBUTES } from './core.ts';
import { EXECUTION_FAILURES } from './run.ts';
import type { ExecutionError, ExecutionFailureCode, ExecutionFailureDetails, TokensUsed, ToolExecutionInput, ToolRunResult } from './run.ts';

// The zod schemas of a tool run's values, for the API and every starter (boundaries). The
// constants and types themselves are in run.ts, which the workflow imports without zod;
// test/execution/contracts.test.ts proves each schema parses to exactly its run.ts type.

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
  approval: z.object({ id: z.uuid(), waitMs: z.number().int().positive() }).optional(),
}) satisfies z.ZodType<ToolExecutionInput>;

export const tokensUsed = z.object({ input: z.number().int(), output: z.number().int() }) satisfies z.ZodType<TokensUsed>;

/** A completed run: what the workflow returns and the service hands to every face. */
export const toolRunResult = z.object({
  result: z.record(z.string(), z.unknown()),
  executionTimeMs: z.number().int(),
  tokensUsed,
}) satisfies z.ZodType<ToolRunResult>;

/** Details of a run's error: which argument, what the tool said, which limit (open: e.g. result_bytes). */
export const executionFailureDetails = z.looseObject({
  argument: z.string().optional(),
  tool_error: z.string().optional(),
  timeout_ms: z.number().optional(),
}) satisfies z.ZodType<ExecutionFailureDetails>;

/** The one error of a run that did not complete (run.ts, ExecutionError). */
export const executionError = z.object({
  code: z.enum(Object.values(EXECUTION_FAILURES) as [ExecutionFailureCode, ...ExecutionFailureCode[]]),
  message: z.string(),
  details: executionFailureDetails,
}) satisfies z.ZodType<ExecutionError>;

/** Search attributes of a run, so operators find it in the Temporal UI by user, tool and server. */
export function runSearchAttributes(values: { user: string | null; tool?: string; server?: string; run?: string }): SearchAttributePair[] {
  const key = (name: keyof typeof SEARCH_ATTRIBUTES) => defineSearchAttributeKey(SEARCH_ATTRIBUTES[name], SearchAttributeType.KEYWORD);
  const pairs: SearchAttributePair[] = [{ key: key('user'), value: values.user ?? 'admin' }];
  if (values.tool) pairs.push({ key: key('tool'), value: values.tool });
  if (values.server) pairs.push({ key: key('server'), value: values.server });
  if (values.run) pairs.push({ key: key('run'), value: values.run });
  return pairs;
}
