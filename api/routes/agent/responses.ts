import { z } from 'zod';
import { AGENT_RUN_STATUSES, AGENT_STOP_REASONS, agentStep } from '../../../contracts/index.ts';

export const agentPlan = z.object({
  status: z.enum(['planned', 'no_match']),
  query: z.string(),
  mode: z.literal('plan'),
  executed: z.literal(false),
  plan: z.object({
    steps: z.array(
      z.object({
        step: z.number().int(),
        action: z.enum(['enable_server', 'configure_credentials', 'call_tool']),
        server: z.string(),
        tool: z.string().optional(),
        description: z.string(),
        // The tool's JSON Schema and the request that runs it: free-form per tool.
        input_schema: z.record(z.string(), z.unknown()).optional(),
        request: z.object({ method: z.literal('POST'), path: z.string(), body: z.record(z.string(), z.unknown()) }).optional(),
      }),
    ),
    truncated: z.boolean(),
  }),
  recommendation: z.object({ servers: z.array(z.string()), tools: z.array(z.string()) }),
  message: z.string(),
});

/** An agent run with its transcript (each model turn and tool call, in order). */
export const agentRun = z.object({
  run_id: z.string(),
  status: z.enum(AGENT_RUN_STATUSES),
  /** null while running; `answered` when the model gave its answer. */
  stop_reason: z.enum(AGENT_STOP_REASONS).nullable(),
  query: z.string(),
  answer: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  model: z.string(),
  max_steps: z.number().int(),
  max_tokens: z.number().int(),
  steps_used: z.number().int(),
  tokens: z.object({ input: z.number().int(), output: z.number().int(), total: z.number().int() }),
  tools_offered: z.array(z.object({ function: z.string(), tool: z.string() })),
  transcript: z.array(agentStep),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});

export const agentRunCanceled = z.object({ run_id: z.string(), status: z.literal('canceling'), message: z.string() });
