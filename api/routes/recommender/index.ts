import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { NOT_BLANK } from '../../schemas.ts';
import { examples, recommend, recommenderStatus } from '../../services/recommender/recommend.ts';

const tags = ['recommender'];

const recommendation = z.object({
  status: z.enum(['ok', 'no_match']),
  query: z.string(),
  servers: z.array(z.string()),
  tools: z.array(z.string()),
  steps: z.array(z.string()),
  cta: z.array(z.string()),
  details: z.object({
    terms: z.array(z.string()),
    servers: z.array(z.object({ name: z.string(), display_name: z.string(), category: z.string(), score: z.number(), enabled: z.boolean() })),
    tools: z.array(z.object({ name: z.string(), server: z.string(), description: z.string(), score: z.number() })),
  }),
});

/** Term-matching recommendations over the registry (decisions.md, "Recommender"). */
export const recommenderRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.post(
    '/recommender',
    {
      // A search of the registry (about 160 ilike scans a request): counted as retrieval.
      config: { auth: 'optional', rateScope: 'retrieval' },
      schema: {
        tags,
        body: z.object({ query: z.string().trim().min(1).max(500).regex(NOT_BLANK, 'query must not be blank'), limit: z.number().int().min(1).max(10).default(3) }).strict(),
        response: { 200: recommendation },
      },
    },
    async (request) =>
      recommend(db, request.body.query, request.principal?.kind === 'user' ? request.principal.user.id : null, request.body.limit),
  );

  app.get(
    '/recommender/examples',
    {
      config: { auth: 'none', rateScope: 'public_read' },
      schema: {
        tags,
        response: {
          200: z.object({
            examples: z.array(z.object({ query: z.string(), description: z.string(), servers: z.array(z.string()) })),
            total: z.number().int(),
          }),
        },
      },
    },
    async () => examples(db),
  );

  app.post(
    '/recommender/status',
    {
      config: { auth: 'none', rateScope: 'public_write' },
      schema: {
        tags,
        body: z.object({}).strict().nullish(),
        response: {
          200: z.object({
            status: z.enum(['ready', 'empty']),
            method: z.literal('term-match'),
            servers_indexed: z.number().int(),
            tools_indexed: z.number().int(),
            catalog_updated_at: z.string().nullable(),
          }),
        },
      },
    },
    async () => recommenderStatus(db),
  );
};
