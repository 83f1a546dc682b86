import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import type { RetrievalService } from '../../services/retrieval/index.ts';
import { callerOf } from './caller.ts';
import { indexAccepted, indexBatch, indexCompleted } from './responses.ts';

const tags = ['discovery'];
/**
 * 5,000 tools with schemas run to a few MB (the bundled catalog's 8,239 tools are 8.9 MB with
 * their servers): this route alone takes bodies up to 16 MiB. It was 64 MiB, which every
 * user could send as often as they liked (issue 33, item 7).
 */
const INDEX_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * POST /v2/index_tools (Required). Up to 500 tools to embed: answered 200 with the counts when
 * indexed. More: 202 with `batch_id`; the caller follows GET /v2/index_tools/{batch_id}.
 * Admin key: the tools join the public catalog; a user: they are the user's own.
 */
export const indexRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; retrieval: RetrievalService }> = async (app, { retrieval }) => {
  const service = retrieval;

  app.post(
    '/v2/index_tools',
    {
      bodyLimit: INDEX_BODY_LIMIT,
      // Embedded on the operator's key: its own scope, and the plan's total (services/retrieval/index-tools.ts).
      config: { auth: 'required', rateScope: 'indexing' },
      schema: { tags, body: z.object({ tools: z.array(z.unknown()).min(1).max(20_000), skip_existing: z.boolean().default(false) }),
        response: { 200: indexCompleted, 202: indexAccepted },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      const result = await service.indexTools(callerOf(request).userId, request.body, principal?.kind === 'user' ? principal.user.plan : null);
      return reply.status(result.status === 'accepted' ? 202 : 200).send(result);
    },
  );

  app.get(
    '/v2/index_tools/:batch_id',
    { config: { auth: 'required' }, schema: { tags, params: z.object({ batch_id: z.uuid('batch_id must be a UUID') }), response: { 200: indexBatch } } },
    async (request) => service.batchStatus(callerOf(request).userId, request.params.batch_id),
  );
};
