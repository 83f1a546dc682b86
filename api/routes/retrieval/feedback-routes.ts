import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import type { RetrievalService } from '../../services/retrieval/index.ts';
import { currentUser } from '../../plugins/auth.ts';
import { callerOf } from './caller.ts';
import { asQueryHistory, queryHistory } from './responses.ts';
import { queryText } from '../../operations/retrieval-schemas.ts';

const tags = ['discovery'];
const logged = z.object({ id: z.uuid(), status: z.literal('logged') });

/**
 * Query history and feedback. Spec: GET /queries (Required, limit default 50), POST /query/log
 * and POST /tools/selection-log (Optional; payloads not shown, decided in docs/retrieval-api.md).
 * The two writes count in public_write, our own scope, not in retrieval's: "query-event
 * logging does not count against rate limits" (the spec's limits). Unlimited, anyone could fill
 * the tables and move the success rates ranking reads (issue 33, item 7).
 */
export const feedbackRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; retrieval: RetrievalService }> = async (app, { retrieval }) => {
  const service = retrieval;

  app.get(
    '/queries',
    { config: { auth: 'required' }, schema: { tags, querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }), response: { 200: queryHistory } } },
    async (request) => asQueryHistory(await service.listQueries(currentUser(request).id, request.query.limit)),
  );

  app.post(
    '/query/log',
    {
      config: { auth: 'optional', rateScope: 'public_write' },
      schema: {
        tags,
        body: z.object({
          query: queryText,
          source: z.enum(['api', 'mcp', 'dashboard']).default('api'),
          results_count: z.number().int().min(0).max(2_147_483_647).optional(),
          metadata: z.record(z.string(), z.unknown()).optional(),
        }),
        response: { 201: logged },
      },
    },
    async (request, reply) => reply.status(201).send(await service.logQuery(callerOf(request).userId, request.body)),
  );

  app.post(
    '/tools/selection-log',
    {
      config: { auth: 'optional', rateScope: 'public_write' },
      schema: {
        tags,
        body: z.object({
          tool_name: z.string().min(1).max(200),
          server: z.string().min(1).max(200).optional(),
          action: z.enum(['selected', 'rejected']).default('selected'),
          query_id: z.uuid().optional(),
          query: z.string().max(500).optional(),
          reason: z.string().max(1000).optional(),
        }),
        response: { 201: logged },
      },
    },
    async (request, reply) => reply.status(201).send(await service.logSelection(callerOf(request).userId, request.body)),
  );
};
