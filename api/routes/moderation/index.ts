import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../context.ts';
import { flagRoutes } from './flag-routes.ts';
import { reviewRoutes } from './review-routes.ts';
import { verificationRoutes } from './verification-routes.ts';

/** The nine /mcp-moderation routes (decisions.md, "Moderation"). */
export const moderationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, opts) => {
  await app.register(flagRoutes, opts);
  await app.register(reviewRoutes, opts);
  await app.register(verificationRoutes, opts);
};
