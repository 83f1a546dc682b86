import { z } from 'zod';

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

// The run itself is the run_agent operation's answer (api/operations/agent.ts).
export { agentRun } from '../../operations/agent.ts';
