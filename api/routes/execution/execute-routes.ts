import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DIRECT_TIME_LIMIT } from '../../../contracts/index.ts';
import type { AppDeps } from '../../context.ts';
import { envelope } from '../../error-forms.ts';
import { AppError, forbidden } from '../../errors.ts';
import { executeTool, runRequest } from '../../operations/execution.ts';
import { rootExecuted, rootExecutedOf, v1Executed } from '../../operations/execution-schemas.ts';
import { restConfig } from '../../operations/operation.ts';
import { isAdmin } from '../../plugins/auth.ts';
import { executeTool as runDirect } from '../../services/execution/execute-tool.ts';

const tags = ['execution'];

// Both address forms of the execute_tool operation (api/operations/execution.ts): the root
// form speaks the spec's job words, v1 the operation's own plus the admin's user_id.
const rootBody = runRequest(DIRECT_TIME_LIMIT).extend({
  // Only synchronous execution is offered here; background runs are POST /jobs/submit.
  mode: z.enum(['sync', 'direct']).optional(),
});
const v1Body = executeTool.input.extend({ user_id: z.uuid().optional() });

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
        ...restConfig(executeTool, { auth: 'admin' }),
        rateLimitCode: 'RATE_LIMIT_EXCEEDED',
        // Failures as {tool, status: error|timeout, error} (spec), rendered by the error handler.
        errorForm: 'execution',
      },
      schema: { tags, body: rootBody, response: { 200: rootExecuted } },
    },
    async (request) => {
      const principal = request.principal;
      const out = await runDirect(deps, {
        userId: principal?.kind === 'user' ? principal.user.id : null,
        tool: request.body.tool,
        arguments: request.body.arguments,
        timeoutMs: request.body.timeout_ms ?? DIRECT_TIME_LIMIT.defaultMs,
      });
      return rootExecutedOf(out);
    },
  );

  app.post(
    '/v1/execute_tool',
    {
      config: { ...restConfig(executeTool), rateLimitCode: 'RATE_LIMITED', errorForm: 'envelope' },
      schema: { tags, body: v1Body, response: { 200: v1Executed } },
    },
    async (request) => {
      const principal = request.principal;
      const self = principal?.kind === 'user' ? principal.user.id : null;
      const { user_id: override, ...args } = request.body;
      // Acting as someone else is the admin's privilege (spec: "user_id (optional override)").
      if (override && override !== self && !isAdmin(principal)) throw forbidden('user_id may only be set with admin credentials');
      const data = await executeTool.call({ deps, userId: override ?? self }, args).catch((error: unknown) => {
          throw v1Error(error);
        });
      return envelope(request, data);
    },
  );
};
