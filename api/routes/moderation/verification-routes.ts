import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVER_CATEGORIES, VERIFICATION_STATUSES } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../context.ts';
import { atLeastOne } from '../../schemas.ts';
import { moderationDashboard } from '../../services/moderation/dashboard.ts';
import { verificationRecord } from '../../services/moderation/records.ts';
import { featuredServers, getVerification, updateVerification, verificationQueue } from '../../services/moderation/verification.ts';
import { page, pagination, serverParams } from './schemas.ts';

const tags = ['moderation'];

const featuredServer = z.object({
  name: z.string(),
  display_name: z.string(),
  description: z.string(),
  category: z.enum(SERVER_CATEGORIES),
  icon: z.string(),
  url: z.string(),
  verification_status: z.enum(VERIFICATION_STATUSES),
  verified_at: z.number().int().nullable(),
  average_rating: z.number().nullable(),
  review_count: z.number().int(),
});

const verificationPatch = atLeastOne(
  z.object({ status: z.enum(VERIFICATION_STATUSES).optional(), featured: z.boolean().optional(), notes: z.string().max(2000).optional() }).strict(),
  'give at least one of status, featured, notes',
);

const int = z.number().int();
const dashboardSchema = z.object({
  servers_total: int,
  flags: z.object({ open: int, resolved: int, dismissed: int, total: int }),
  reviews: z.object({ total: int, average_rating: z.number().nullable() }),
  verification: z.object({ unverified: int, pending: int, verified: int, rejected: int }),
  featured: int,
  most_flagged: z.array(z.object({ server_name: z.string(), open_flags: int })),
  generated_at: z.string(),
});

/** Verification status (admin-set), featured servers and the moderation dashboard. */
export const verificationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.get(
    '/mcp-moderation/servers/:server_name/verification',
    { config: { auth: 'none', rateScope: 'public_read' }, schema: { tags, params: serverParams, response: { 200: verificationRecord } } },
    async (request) => getVerification(db, request.params.server_name),
  );

  app.patch(
    '/mcp-moderation/servers/:server_name/verification',
    { config: { auth: 'admin' }, schema: { tags, params: serverParams, body: verificationPatch, response: { 200: verificationRecord } } },
    async (request) => updateVerification(db, request.principal, request.params.server_name, request.body),
  );

  // Not in the spec: registry servers in one verification status (the console's verification queue).
  app.get(
    '/mcp-moderation/verifications',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        querystring: z.object({ status: z.enum(VERIFICATION_STATUSES).default('pending'), ...page(20, 100) }),
        response: { 200: z.object({ servers: z.array(verificationRecord), pagination }) },
      },
    },
    async (request) => verificationQueue(db, request.query),
  );

  app.get(
    '/mcp-moderation/servers/featured',
    {
      config: { auth: 'none', rateScope: 'public_read' },
      schema: {
        tags,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: z.object({ servers: z.array(featuredServer), total: z.number().int() }) },
      },
    },
    async (request) => featuredServers(db, request.query.limit),
  );

  app.get(
    '/mcp-moderation/moderation/dashboard',
    { config: { auth: 'admin' }, schema: { tags, response: { 200: dashboardSchema } } },
    async () => moderationDashboard(db),
  );
};
