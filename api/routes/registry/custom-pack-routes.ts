import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  addServerToPack,
  createCustomPack,
  deleteCustomPack,
  getCustomPack,
  installInstructions,
  listCustomPacks,
  removeServerFromPack,
  replaceServersOfPack,
  updateCustomPack,
} from '../../services/registry/custom-packs.ts';
import { createCustomServer, listCustomServers } from '../../services/registry/custom-servers.ts';
import { category, httpUrl, packParams, pageQuery, serverName, serverRef, shortText } from './schemas.ts';

const tags = ['custom-packs'];
const config = { auth: 'required' as const, rateScope: 'server_management' as const };
const packName = shortText(100);
const packDescription = z.string().max(1000);
const serverList = z.array(serverRef).max(1000);

/** Custom servers and custom packs, under the plan allowances (spec "Packs and custom packs"). */
export const customPackRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/custom-packs/mcp-servers',
    {
      config,
      schema: {
        tags,
        body: z.object({
          name: serverName,
          display_name: shortText(200),
          description: z.string().max(2000),
          url: httpUrl.optional(),
          icon: z.string().min(1).max(500).optional(),
          category: category.optional(),
          config: z.record(z.string(), z.unknown()).optional(),
        }),
      },
    },
    async (request, reply) => reply.status(201).send(await createCustomServer(deps, currentUser(request), request.body)),
  );

  app.get('/custom-packs/mcp-servers', { config, schema: { tags } }, async (request) => listCustomServers(deps, currentUser(request)));

  app.post(
    '/custom-packs/packs',
    { config, schema: { tags, body: z.object({ name: packName, description: packDescription, servers: serverList.default([]) }) } },
    async (request, reply) => reply.status(201).send(await createCustomPack(deps, currentUser(request), request.body)),
  );

  app.get('/custom-packs/packs', { config, schema: { tags, querystring: z.object(pageQuery(20, 100)) } }, async (request) =>
    listCustomPacks(deps, currentUser(request), request.query),
  );

  app.get('/custom-packs/packs/:pack_id', { config, schema: { tags, params: packParams } }, async (request) =>
    getCustomPack(deps, currentUser(request), request.params.pack_id),
  );

  app.patch(
    '/custom-packs/packs/:pack_id',
    {
      config,
      schema: {
        tags,
        params: packParams,
        body: z
          .object({ name: packName.optional(), description: packDescription.optional() })
          .refine((b) => b.name !== undefined || b.description !== undefined, 'give name or description'),
      },
    },
    async (request) => updateCustomPack(deps, currentUser(request), request.params.pack_id, request.body),
  );

  app.delete('/custom-packs/packs/:pack_id', { config, schema: { tags, params: packParams } }, async (request) =>
    deleteCustomPack(deps, currentUser(request), request.params.pack_id),
  );

  app.post(
    '/custom-packs/packs/:pack_id/servers',
    { config, schema: { tags, params: packParams, body: z.object({ server: serverRef }) } },
    async (request) => addServerToPack(deps, currentUser(request), request.params.pack_id, request.body.server),
  );

  app.delete(
    '/custom-packs/packs/:pack_id/servers/:server_name',
    { config, schema: { tags, params: packParams.extend({ server_name: serverRef }) } },
    async (request) => removeServerFromPack(deps, currentUser(request), request.params.pack_id, request.params.server_name),
  );

  app.put(
    '/custom-packs/packs/:pack_id/servers',
    { config, schema: { tags, params: packParams, body: z.object({ servers: serverList }) } },
    async (request) => replaceServersOfPack(deps, currentUser(request), request.params.pack_id, request.body.servers),
  );

  app.get('/custom-packs/packs/:pack_id/install', { config, schema: { tags, params: packParams } }, async (request) =>
    installInstructions(deps, currentUser(request), request.params.pack_id, `${request.protocol}://${request.host}`),
  );
};
