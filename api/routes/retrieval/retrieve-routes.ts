import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import type { RetrievalService } from '../../services/retrieval/index.ts';
import { envelope } from '../../error-forms.ts';
import { envelopeOf } from '../../schemas.ts';
import { callerOf } from './caller.ts';
import { rootData, serverTiming, v2Data } from './render.ts';
import { retrieveTools } from '../../operations/retrieval.ts';
import { restConfig } from '../../operations/operation.ts';
import { embeddingOutcome, jsonFilter, minScore, queryBoolean, retrieveData, v2ToolItem } from '../../operations/retrieval-schemas.ts';

const tags = ['discovery'];
// Every address form is the retrieve_tools operation (api/operations/retrieval.ts): its fields
// (query, top_k and their limits, filter) and its rate scope; each form adds its own extras.
const { query, top_k } = retrieveTools.input.shape;
const runnable_only = queryBoolean.optional();
const limited = (auth: 'optional' | 'required') => restConfig(retrieveTools, { auth });

/**
 * Tool discovery (spec "Tool discovery"): the root variant, the two v1 variants (envelope,
 * filter, admin user_id override) and v2 (capability, rewrite, query events). Error bodies:
 * plain form on /retrieve_tools and /v2, envelope on /v1 (api/error-forms.ts).
 */
export const retrieveRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; retrieval: RetrievalService }> = async (app, { retrieval }) => {
  const service = retrieval;

  app.get(
    '/retrieve_tools',
    { config: limited('optional'), schema: { tags, querystring: z.object({ query, top_k, runnable_only }), response: { 200: retrieveData } } },
    async (request, reply) => {
      const data = await service.retrieve(callerOf(request), { query: request.query.query, topK: request.query.top_k, runnableOnly: request.query.runnable_only });
      reply.header('Server-Timing', serverTiming(data));
      return rootData(data);
    },
  );

  app.get(
    '/v1/retrieve_tools',
    {
      // 403: user_id overrides the searching user, which needs admin credentials.
      config: { ...limited('optional'), errorStatuses: [403] },
      schema: {
        tags,
        querystring: z.object({
          query,
          top_k,
          runnable_only,
          filter: jsonFilter.optional(),
          'filter.server': z.string().min(1).max(200).optional(),
          'filter.category': z.string().min(1).max(100).optional(),
          'filter.min_score': minScore.optional(),
          user_id: z.uuid('user_id must be a UUID').optional(),
        }),
        response: { 200: envelopeOf(retrieveData) },
      },
    },
    async (request) => {
      const q = request.query;
      const data = await service.retrieve(callerOf(request), {
        query: q.query,
        topK: q.top_k,
        asUser: q.user_id,
        runnableOnly: q.runnable_only,
        server: q['filter.server'] ?? q.filter?.server,
        category: q['filter.category'] ?? q.filter?.category,
        minScore: q['filter.min_score'] ?? q.filter?.min_score,
      });
      return envelope(request, rootData(data));
    },
  );

  app.post(
    '/v1/retrieve_tools',
    {
      config: limited('required'),
      schema: {
        tags,
        body: retrieveTools.input.extend({ user_id: z.uuid('user_id must be a UUID').optional() }),
        response: { 200: envelopeOf(retrieveData) },
      },
    },
    async (request) => {
      const b = request.body;
      const data = await service.retrieve(callerOf(request), {
        query: b.query,
        topK: b.top_k,
        asUser: b.user_id,
        ...b.filter,
        minScore: b.filter?.min_score,
        runnableOnly: b.runnable_only,
      });
      return envelope(request, rootData(data));
    },
  );

  app.get(
    '/v2/retrieve_tools',
    {
      config: limited('optional'),
      schema: {
        tags,
        // top_k: the spec states 1..20 and 1..50 for v2; we take 50, as the other variants (docs/retrieval-api.md).
        querystring: z.object({
          query,
          top_k,
          use_hybrid_v3: queryBoolean.default(true),
          runnable_only,
          'filter.server': z.string().min(1).max(200).optional(),
          'filter[server]': z.string().min(1).max(200).optional(),
          // Not in the spec's v2 list; the console's category filter needs it, as GET /v1 has it.
          'filter.category': z.string().min(1).max(100).optional(),
        }),
        headers: z.object({ 'x-agent-source': z.enum(['mcp', 'api', 'dashboard'], 'X-Agent-Source must be mcp, api or dashboard').default('api') }),
        response: {
          200: z.object({
            tools: z.array(v2ToolItem),
            selected_capability: z.string(),
            capability_confidence: z.number().min(0).max(1),
            query_rewritten: z.string(),
            recommended_mcps: z.array(z.string()),
            query_id: z.uuid(),
            query_time_ms: z.number().int(),
            total_tools_searched: z.number().int(),
            embedding: embeddingOutcome.optional(),
          }),
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const data = await service.retrieve(callerOf(request), {
        query: q.query,
        topK: q.top_k,
        hybridV3: q.use_hybrid_v3,
        runnableOnly: q.runnable_only,
        server: q['filter.server'] ?? q['filter[server]'],
        category: q['filter.category'],
        record: request.headers['x-agent-source'],
      });
      reply.header('Server-Timing', serverTiming(data));
      return v2Data(data);
    },
  );
};
