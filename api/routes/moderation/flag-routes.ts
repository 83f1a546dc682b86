import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FLAG_REASONS, FLAG_STATUSES } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { uuidParam } from '../../schemas.ts';
import { flagServer, listAllFlags, listServerFlags, moderateFlag } from '../../services/moderation/flags.ts';
import { flagRecord, publicFlag } from '../../services/moderation/records.ts';
import { page, pagination, serverParams } from './schemas.ts';

const tags = ['moderation'];

/** Flags: users report a server, anyone reads the (anonymised) list, admins resolve. */
export const flagRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.post(
    '/mcp-moderation/servers/:server_name/flags',
    {
      config: { auth: 'user', errorStatuses: [409] },
      schema: {
        tags,
        params: serverParams,
        body: z.object({ reason: z.enum(FLAG_REASONS), details: z.string().max(2000).optional() }).strict(),
        response: { 201: flagRecord },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await flagServer(db, currentUser(request).id, request.params.server_name, request.body)),
  );

  app.get(
    '/mcp-moderation/servers/:server_name/flags',
    {
      config: { auth: 'none', rateScope: 'public_read' },
      schema: {
        tags,
        params: serverParams,
        querystring: z.object({ status: z.enum([...FLAG_STATUSES, 'all']).default('all'), ...page(20, 100) }),
        response: { 200: z.object({ server_name: z.string(), flags: z.array(publicFlag), pagination }) },
      },
    },
    async (request) => listServerFlags(db, request.params.server_name, request.query),
  );

  // Not in the spec: the admin's queue across servers, with reporters (the console's moderation page).
  app.get(
    '/mcp-moderation/flags',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        querystring: z.object({ status: z.enum([...FLAG_STATUSES, 'all']).default('open'), ...page(20, 100) }),
        response: { 200: z.object({ flags: z.array(flagRecord), pagination }) },
      },
    },
    async (request) => listAllFlags(db, request.query),
  );

  app.patch(
    '/mcp-moderation/flags/:flag_id',
    {
      config: { auth: 'admin', errorStatuses: [409] },
      schema: {
        tags,
        params: uuidParam('flag_id'),
        body: z.object({ status: z.enum(FLAG_STATUSES), resolution: z.string().max(2000).optional() }).strict(),
        response: { 200: flagRecord },
      },
    },
    async (request) => moderateFlag(db, request.principal, request.params.flag_id, request.body),
  );
};
