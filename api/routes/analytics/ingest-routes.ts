import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { recordAnalyticsEvent, ingestToolLogs } from '../../services/analytics/ingest.ts';
import { toolInsights } from '../../services/analytics/insights.ts';
import { days, metadata, periodSchema, recorded, trackBody } from './schemas.ts';

const tags = ['analytics'];
const userIdOf = (request: { principal?: { kind: string; user?: { id: string } } }) =>
  request.principal?.kind === 'user' ? (request.principal.user?.id ?? null) : null;

const toolLog = z
  .object({
    id: z.uuid().optional(),
    tool_name: z.string().min(1).max(200),
    server_name: z.string().min(1).max(200).optional(),
    status: z.enum(['success', 'error', 'timeout']),
    duration_ms: z.number().int().min(0).max(86_400_000).optional(),
    error_code: z.string().min(1).max(100).optional(),
    error_message: z.string().max(2000).optional(),
    metadata: metadata.optional(),
    timestamp: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();

const insight = z.object({
  tool: z.string(),
  server: z.string().nullable(),
  calls: z.number().int(),
  successes: z.number().int(),
  failures: z.number().int(),
  success_rate: z.number().nullable(),
  avg_duration_ms: z.number().nullable(),
  p50_duration_ms: z.number().nullable(),
  p95_duration_ms: z.number().nullable(),
  last_used_at: z.string().nullable(),
  sources: z.object({ service: z.number().int(), client: z.number().int() }),
  top_errors: z.array(z.object({ code: z.string(), count: z.number().int() })),
});

/** Event and tool-log ingestion, and tool insights (decisions.md, "Analytics"). */
export const ingestRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.post(
    '/mcp-analytics/analytics/track',
    { config: { auth: 'none', rateScope: 'public_write' }, schema: { tags, body: trackBody, response: { 201: recorded } } },
    async (request, reply) => reply.status(201).send(await recordAnalyticsEvent(db, 'track', null, request.body)),
  );

  app.post(
    '/usage/event',
    { config: { auth: 'optional', rateScope: 'public_write' }, schema: { tags, body: trackBody, response: { 201: recorded } } },
    async (request, reply) => reply.status(201).send(await recordAnalyticsEvent(db, 'usage', userIdOf(request), request.body)),
  );

  app.post(
    '/observability/tool-logs',
    {
      config: { auth: 'optional', rateScope: 'public_write' },
      schema: {
        tags,
        body: z.object({ logs: z.array(toolLog).min(1).max(500) }).strict(),
        response: { 200: z.object({ received: z.number().int(), accepted: z.number().int(), duplicates: z.number().int() }) },
      },
    },
    async (request) => ingestToolLogs(db, userIdOf(request), request.body.logs),
  );

  app.get(
    '/observability/tool-insights',
    {
      config: { auth: 'optional', rateScope: 'public_read' },
      schema: {
        tags,
        querystring: z.object({
          days: days(7, 90),
          tool: z.string().min(1).max(200).optional(),
          server: z.string().min(1).max(200).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: z.object({
            scope: z.enum(['user', 'global']),
            period: periodSchema,
            tools: z.array(insight),
            totals: z.object({ calls: z.number().int(), success_rate: z.number().nullable() }),
          }),
        },
      },
    },
    async (request) => toolInsights(db, userIdOf(request), request.query),
  );
};
