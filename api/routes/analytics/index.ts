import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../context.ts';
import { ingestRoutes } from './ingest-routes.ts';
import { reportRoutes } from './report-routes.ts';

/** The seven analytics routes of this area (queries and query/selection logs live with retrieval). */
export const analyticsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, opts) => {
  await app.register(ingestRoutes, opts);
  await app.register(reportRoutes, opts);
};
