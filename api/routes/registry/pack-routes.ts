import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  enableCapability,
  listCapabilities,
  listCategories,
  listServerCapabilities,
  listToolCapabilities,
} from '../../services/registry/capabilities.ts';
import { enablePack, getPack, getPackServers, listPacks } from '../../services/registry/packs.ts';
import { optionalUser, packId, packParams, serverRef } from './schemas.ts';

const tags = ['packs'];
const optional = { auth: 'optional' as const };
const managing = { auth: 'required' as const, rateScope: 'server_management' as const };

/** Curated packs and capabilities. */
export const packRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/packs', { config: optional, schema: { tags } }, async (request) => listPacks(deps, optionalUser(request)));

  app.get('/packs/:pack_id', { config: optional, schema: { tags, params: packParams } }, async (request) =>
    getPack(deps, request.params.pack_id, optionalUser(request)),
  );

  app.get('/packs/:pack_id/servers', { config: optional, schema: { tags, params: packParams } }, async (request) =>
    getPackServers(deps, request.params.pack_id, optionalUser(request)),
  );

  app.post('/packs/enable', { config: { ...managing, errorStatuses: [404] }, schema: { tags, body: z.object({ pack_id: packId }) } }, async (request) =>
    enablePack(deps, currentUser(request), request.body.pack_id),
  );

  app.get('/capabilities', { config: optional, schema: { tags } }, async (request) => listCapabilities(deps, optionalUser(request)?.id ?? null));

  app.get('/v2/capabilities', { config: optional, schema: { tags } }, async (request) =>
    listServerCapabilities(deps, optionalUser(request)?.id ?? null),
  );

  app.get('/tools/capabilities', { config: { auth: 'none' }, schema: { tags } }, async () => listToolCapabilities(deps));

  app.get('/tools/categories', { config: { auth: 'none' }, schema: { tags } }, async () => listCategories(deps));

  app.post('/capabilities/enable', { config: { ...managing, errorStatuses: [404] }, schema: { tags, body: z.object({ capability_id: serverRef }) } }, async (request) =>
    enableCapability(deps, currentUser(request), request.body.capability_id),
  );
};
