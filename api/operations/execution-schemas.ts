import { z } from 'zod';
import { executionError, tokensUsed } from '../../contracts/index.ts';
import { JOB_STATUSES } from '../../db/schema/index.ts';
import { envelopeOf } from '../schemas.ts';
import type { DirectResult } from '../services/execution/execute-tool.ts';

// Response schemas of direct execution and jobs. The serializer encodes with them: only the
// fields written here are sent, and a body that does not fit is a 500, not a leak.

const int = z.number().int();
const unixTime = int.min(0);
/** A tool's result is whatever object the tool answered (its MCP structured or text content): free-form by nature. */
const toolResult = z.record(z.string(), z.unknown());


/**
 * A direct run's success (spec, Execution and jobs): POST /v1/execute_tool's data and MCP
 * execute_tool's structured result. `execution_id` names the run (its workflow id).
 */
export const runSucceeded = z.object({
  tool_name: z.string(),
  execution_id: z.uuid(),
  status: z.literal('success'),
  result: toolResult,
  execution_time_ms: int,
  tokens_used: tokensUsed,
});

/** The one place a completed direct run (api/services/execution) becomes its success answer. */
export function runSucceededOf(out: DirectResult): z.input<typeof runSucceeded> {
  const { result, executionTimeMs, tokensUsed } = out.run;
  return { tool_name: out.tool, execution_id: out.executionId, status: 'success', result, execution_time_ms: executionTimeMs, tokens_used: tokensUsed };
}

/** POST /v1/execute_tool: the envelope. */
export const v1Executed = envelopeOf(runSucceeded);

/** POST /execute_tool (root, admin): spec "Execution and jobs", root-path variant: `tool`, no execution id. */
export const rootExecuted = z.object({ tool: z.string(), ...runSucceeded.omit({ tool_name: true, execution_id: true }).shape });

/** The root form of the same success. */
export function rootExecutedOf(out: DirectResult): z.input<typeof rootExecuted> {
  const { tool_name, execution_id: _id, ...rest } = runSucceededOf(out);
  return { tool: tool_name, ...rest };
}

/*
 * Spec "Job": the fields that apply to its status (api/services/jobs/job-view.ts), one variant
 * per status so a client reads from the status which fields it gets. `started_at` is absent
 * on a job that ended without starting (canceled while queued, or a submit that failed).
 * `percentage` is capped at 100 by the worker; its floor is what the tool reports.
 */
const jobBase = {
  job_id: z.uuid(),
  tool: z.string(),
  server: z.string(),
  created_at: unixTime,
  estimated_duration_ms: int,
  time_limit_ms: int,
};
const startedAt = unixTime.optional();
export const job = z.discriminatedUnion('status', [
  z.object({ ...jobBase, status: z.literal('queued'), position_in_queue: int.min(1) }),
  z.object({
    ...jobBase,
    status: z.literal('running'),
    started_at: unixTime,
    progress: z.object({ current_step: z.string(), total_steps: int, percentage: int.max(100) }),
  }),
  z.object({ ...jobBase, status: z.literal('completed'), started_at: startedAt, completed_at: unixTime, result: toolResult, execution_time_ms: int }),
  // The run's one typed error (contracts/execution.ts), as the workflow recorded it.
  z.object({ ...jobBase, status: z.enum(['failed', 'timeout']), started_at: startedAt, completed_at: unixTime, error: executionError }),
  z.object({
    ...jobBase,
    status: z.literal('canceled'),
    started_at: startedAt,
    completed_at: unixTime,
    canceled_at: unixTime.optional(),
    reason: z.string().nullable(),
  }),
]);

export const jobList = z.object({
  jobs: z.array(z.object({ job_id: z.uuid(), tool: z.string(), status: z.enum(JOB_STATUSES), created_at: unixTime, completed_at: unixTime.optional() })),
  pagination: z.object({ limit: int, offset: int, total: int }),
});

export const jobCanceled = z.object({ job_id: z.uuid(), status: z.literal('canceled'), message: z.string() });
