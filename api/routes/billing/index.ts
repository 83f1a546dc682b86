import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../context.ts';
import { billingRoutes } from './billing-routes.ts';
import { billingWebhookRoutes } from './webhook-routes.ts';

/** The five /billing routes. */
export const billingPlugin: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, opts) => {
  await app.register(billingRoutes, opts);
  await app.register(billingWebhookRoutes, opts);
};
