import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { planAgentTask } from '../../services/agent/plan.ts';

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
            query: z.string().trim().min(1).max(500),
            mode: z.enum(['plan', 'execute']).default('plan'),
            max_steps: z.number().int().min(1).max(20).default(10),
          })
          .strict(),
      },
    },
    async (request) => planAgentTask(deps.db, request.principal?.kind === 'user' ? request.principal.user.id : null, request.body),
  );
};
