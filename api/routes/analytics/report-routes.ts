import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { analyticsDashboard, searchTrends, serverAnalytics } from '../../services/analytics/reports.ts';
import { serverParams } from '../moderation/schemas.ts';
import { dashboardSchema, searchTrendsSchema, serverAnalyticsSchema } from './report-schemas.ts';
import { days } from './schemas.ts';

const tags = ['analytics'];
const admin = { auth: 'admin' as const };

/** Admin reports computed from recorded data (decisions.md, "Analytics"). */
export const reportRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.get(
    '/mcp-analytics/servers/:server_name/analytics',
    { config: admin, schema: { tags, params: serverParams, querystring: z.object({ days: days(30, 365) }), response: { 200: serverAnalyticsSchema } } },
    async (request) => serverAnalytics(db, request.params.server_name, request.query.days),
  );

  app.get(
    '/mcp-analytics/analytics/dashboard',
    { config: admin, schema: { tags, querystring: z.object({ days: days(30, 365) }), response: { 200: dashboardSchema } } },
    async (request) => analyticsDashboard(db, request.query.days),
  );

  app.get(
    '/mcp-analytics/analytics/search-trends',
    {
      config: admin,
      schema: {
        tags,
        querystring: z.object({ days: days(7, 365), limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: searchTrendsSchema },
      },
    },
    async (request) => searchTrends(db, request.query.days, request.query.limit),
  );
};
