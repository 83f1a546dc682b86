import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { atLeastOne } from '../../schemas.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  addServerToPack,
  createCustomPack,
  deleteCustomPack,
  getCustomPack,
  installablePack,
  listCustomPacks,
  removeServerFromPack,
  replaceServersOfPack,
  updateCustomPack,
} from '../../services/registry/custom-packs.ts';
import { createCustomServer, listCustomServers } from '../../services/registry/custom-servers.ts';
import { baseUrlOf } from '../../mcp-face/auth/resource.ts';
import { packInstallResponse, renderInstall } from '../../mcp-face/packs/install.ts';
import * as responses from './responses.ts';
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
      config: { ...config, errorStatuses: [409] },
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
        response: { 201: responses.customServerCreated },
      },
    },
    async (request, reply) => reply.status(201).send(await createCustomServer(deps, currentUser(request), request.body)),
  );

  app.get('/custom-packs/mcp-servers', { config, schema: { tags, response: { 200: responses.customServerList } } }, async (request) => listCustomServers(deps, currentUser(request)));

  app.post(
    '/custom-packs/packs',
    {
      config: { ...config, errorStatuses: [404, 409] },
      schema: { tags, body: z.object({ name: packName, description: packDescription, servers: serverList.default([]) }), response: { 201: responses.customPackCreated } },
    },
    async (request, reply) => reply.status(201).send(await createCustomPack(deps, currentUser(request), request.body)),
  );

  app.get('/custom-packs/packs', { config, schema: { tags, querystring: z.object(pageQuery(20, 100)), response: { 200: responses.customPackList } } }, async (request) =>
    listCustomPacks(deps, currentUser(request), request.query),
  );

  app.get('/custom-packs/packs/:pack_id', { config, schema: { tags, params: packParams, response: { 200: responses.customPackDetail } } }, async (request) =>
    getCustomPack(deps, currentUser(request), request.params.pack_id),
  );

  app.patch(
    '/custom-packs/packs/:pack_id',
    {
      config: { ...config, errorStatuses: [409] },
      schema: {
        tags,
        params: packParams,
        body: atLeastOne(z.object({ name: packName.optional(), description: packDescription.optional() }), 'give name or description'),
        response: { 200: responses.customPackUpdated },
      },
    },
    async (request) => updateCustomPack(deps, currentUser(request), request.params.pack_id, request.body),
  );

  app.delete('/custom-packs/packs/:pack_id', { config, schema: { tags, params: packParams, response: { 200: responses.customPackDeleted } } }, async (request) =>
    deleteCustomPack(deps, currentUser(request), request.params.pack_id),
  );

  app.post(
    '/custom-packs/packs/:pack_id/servers',
    { config: { ...config, errorStatuses: [409] }, schema: { tags, params: packParams, body: z.object({ server: serverRef }), response: { 200: responses.packServerChange } } },
    async (request) => addServerToPack(deps, currentUser(request), request.params.pack_id, request.body.server),
  );

  app.delete(
    '/custom-packs/packs/:pack_id/servers/:server_name',
    { config, schema: { tags, params: packParams.extend({ server_name: serverRef }), response: { 200: responses.packServerChange } } },
    async (request) => removeServerFromPack(deps, currentUser(request), request.params.pack_id, request.params.server_name),
  );

  app.put(
    '/custom-packs/packs/:pack_id/servers',
    { config, schema: { tags, params: packParams, body: z.object({ servers: serverList }), response: { 200: responses.packServersReplaced } } },
    async (request) => replaceServersOfPack(deps, currentUser(request), request.params.pack_id, request.body.servers),
  );

  // The spec's fields plus each common MCP client's configuration for the pack's own MCP endpoint.
  app.get('/custom-packs/packs/:pack_id/install', { config, schema: { tags, params: packParams, response: { 200: packInstallResponse } } }, async (request) =>
    renderInstall(await installablePack(deps, currentUser(request), request.params.pack_id), baseUrlOf(request)),
  );
};
