import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { NOT_BLANK } from '../../schemas.ts';
import { planAgentTask } from '../../services/agent/plan.ts';

const agentPlan = z.object({
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

/** POST /agent/execute: plans a task from the recommender; it never runs tools itself (decisions.md, "Agent"). */
export const agentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/agent/execute',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['agent'],
        body: z
          .object({
            query: z.string().trim().min(1).max(500).regex(NOT_BLANK, 'query must not be blank'),
            mode: z.enum(['plan', 'execute']).default('plan'),
            max_steps: z.number().int().min(1).max(20).default(10),
          })
          .strict(),
        response: { 200: agentPlan },
      },
    },
    async (request) => planAgentTask(deps.db, request.principal?.kind === 'user' ? request.principal.user.id : null, request.body),
  );
};
