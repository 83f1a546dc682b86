import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../context.ts';
import { feedbackRoutes } from './feedback-routes.ts';
import { indexRoutes } from './index-routes.ts';
import { retrieveRoutes } from './retrieve-routes.ts';
import { settingsRoutes } from './settings-routes.ts';

/** Every discovery route: retrieval, query history and feedback, indexing, embedding settings. */
export const discoveryRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const retrieval = deps.retrieval;
  if (!retrieval) return;
  for (const routes of [retrieveRoutes, feedbackRoutes, indexRoutes, settingsRoutes]) await app.register(routes, { deps, retrieval });
};
