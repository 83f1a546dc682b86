import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DIRECT_TIME_LIMIT } from '../../../contracts/index.ts';
import type { AppDeps } from '../../context.ts';
import { envelope } from '../../error-forms.ts';
import { AppError, forbidden } from '../../errors.ts';
import { isAdmin } from '../../plugins/auth.ts';
import { executeTool } from '../../services/execution/execute-tool.ts';
import { rootExecuted, v1Executed } from './responses.ts';

const tags = ['execution'];
const timeout = z.number().int().min(1).max(DIRECT_TIME_LIMIT.maxMs);
const args = z.record(z.string(), z.unknown());

const rootBody = z.object({
  tool: z.string().min(1).max(300),
  arguments: args,
  // Only synchronous execution is offered here; background runs are POST /jobs/submit.
  mode: z.enum(['sync', 'direct']).optional(),
  timeout_ms: timeout.optional(),
});
const v1Body = z.object({
  tool_name: z.string().min(1).max(300),
  params: args,
  timeout: timeout.default(DIRECT_TIME_LIMIT.defaultMs),
  user_id: z.uuid().optional(),
});

/**
 * The v1 route's words for the domain's execution errors (spec: INVALID_REQUEST naming
 * `params.<argument>`, TIMEOUT); the root route and the jobs routes use the domain's own.
 */
function v1Error(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'INVALID_ARGUMENTS') {
    const argument = String(error.extra.argument ?? '');
    return new AppError('INVALID_REQUEST', error.message, { parameter: `params.${argument}`, reason: 'invalid', argument });
  }
  if (error.code === 'EXECUTION_TIMEOUT') return new AppError('TIMEOUT', error.message, error.details);
  return error;
}

/** POST /execute_tool (root, admin) and POST /v1/execute_tool (envelope): direct execution. */
export const executeRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/execute_tool',
    {
      config: {
        auth: 'admin',
        rateScope: 'execution',
        rateLimitCode: 'RATE_LIMIT_EXCEEDED',
        // Failures as {tool, status: error|timeout, error} (spec), rendered by the error handler.
        errorForm: 'execution',
        errorStatuses: [404, 504],
      },
      schema: {
        tags,
        body: rootBody,
        response: { 200: rootExecuted },
      },
    },
    async (request) => {
      const principal = request.principal;
      const out = await executeTool(deps, {
        userId: principal?.kind === 'user' ? principal.user.id : null,
        tool: request.body.tool,
        arguments: request.body.arguments,
        timeoutMs: request.body.timeout_ms ?? DIRECT_TIME_LIMIT.defaultMs,
      });
      const { result, executionTimeMs, tokensUsed } = out.run;
      return { tool: out.tool, status: 'success' as const, result, execution_time_ms: executionTimeMs, tokens_used: tokensUsed };
    },
  );

  app.post(
    '/v1/execute_tool',
    {
      config: { auth: 'required', rateScope: 'execution', rateLimitCode: 'RATE_LIMITED', errorForm: 'envelope', errorStatuses: [404, 504] },
      schema: { tags, body: v1Body, response: { 200: v1Executed } },
    },
    async (request) => {
      const principal = request.principal;
      const self = principal?.kind === 'user' ? principal.user.id : null;
      const override = request.body.user_id;
      // Acting as someone else is the admin's privilege (spec: "user_id (optional override)").
      if (override && override !== self && !isAdmin(principal)) throw forbidden('user_id may only be set with admin credentials');
      const out = await executeTool(deps, {
        userId: override ?? self,
        tool: request.body.tool_name,
        arguments: request.body.params,
        timeoutMs: request.body.timeout,
      }).catch((error: unknown) => {
        throw v1Error(error);
      });
      const { result, executionTimeMs, tokensUsed } = out.run;
      return envelope(request, { tool_name: out.tool, execution_id: out.executionId, status: 'success' as const, result, execution_time_ms: executionTimeMs, tokens_used: tokensUsed });
    },
  );
};
