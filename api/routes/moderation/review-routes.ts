import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { reviewRecord } from '../../services/moderation/records.ts';
import { listServerReviews, reviewServer } from '../../services/moderation/reviews.ts';
import { page, pagination, serverParams } from './schemas.ts';

const tags = ['moderation'];

const reviewList = z.object({
  server_name: z.string(),
  reviews: z.array(reviewRecord),
  average_rating: z.number().nullable(),
  total: z.number().int(),
  rating_distribution: z.record(z.enum(['1', '2', '3', '4', '5']), z.number().int()),
  sort_by: z.enum(['recent', 'rating']),
  pagination,
});

/** Reviews: one per user and server (a second POST replaces it); anyone reads them. */
export const reviewRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.post(
    '/mcp-moderation/servers/:server_name/reviews',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        params: serverParams,
        body: z
          .object({ rating: z.number().int().min(1).max(5), title: z.string().max(200).optional(), text: z.string().max(5000).optional() })
          .strict(),
        response: { 200: reviewRecord, 201: reviewRecord },
      },
    },
    async (request, reply) => {
      const { created, review } = await reviewServer(db, currentUser(request).id, request.params.server_name, request.body);
      return reply.status(created ? 201 : 200).send(review);
    },
  );

  app.get(
    '/mcp-moderation/servers/:server_name/reviews',
    {
      config: { auth: 'none', rateScope: 'public_read' },
      schema: {
        tags,
        params: serverParams,
        querystring: z.object({ sort_by: z.enum(['recent', 'rating']).default('recent'), ...page(20, 100) }),
        response: { 200: reviewList },
      },
    },
    async (request) => listServerReviews(db, request.params.server_name, request.query),
  );
};
