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
import * as responses from './pack-responses.ts';
import { optionalUser, packId, packParams, serverRef } from './schemas.ts';

const tags = ['packs'];
// Reads anyone may make: metered as public_read (issue 33, item 7).
const optional = { auth: 'optional' as const, rateScope: 'public_read' as const };
const managing = { auth: 'required' as const, rateScope: 'server_management' as const };

/** Curated packs and capabilities. */
export const packRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/packs', { config: optional, schema: { tags, response: { 200: responses.packList } } }, async (request) => listPacks(deps, optionalUser(request)));

  app.get('/packs/:pack_id', { config: optional, schema: { tags, params: packParams, response: { 200: responses.packSummary } } }, async (request) =>
    getPack(deps, request.params.pack_id, optionalUser(request)),
  );

  app.get('/packs/:pack_id/servers', { config: optional, schema: { tags, params: packParams, response: { 200: responses.packServers } } }, async (request) =>
    getPackServers(deps, request.params.pack_id, optionalUser(request)),
  );

  app.post('/packs/enable', { config: { ...managing, errorStatuses: [404] }, schema: { tags, body: z.object({ pack_id: packId }), response: { 200: responses.packEnabled } } }, async (request) =>
    enablePack(deps, currentUser(request), request.body.pack_id),
  );

  app.get('/capabilities', { config: optional, schema: { tags, response: { 200: responses.actionCapabilities } } }, async (request) => listCapabilities(deps, optionalUser(request)?.id ?? null));

  app.get('/v2/capabilities', { config: optional, schema: { tags, response: { 200: responses.serverCapabilities } } }, async (request) =>
    listServerCapabilities(deps, optionalUser(request)?.id ?? null),
  );

  app.get('/tools/capabilities', { config: { auth: 'none', rateScope: 'public_read' }, schema: { tags, response: { 200: responses.toolCapabilities } } }, async () => listToolCapabilities(deps));

  app.get('/tools/categories', { config: { auth: 'none', rateScope: 'public_read' }, schema: { tags, response: { 200: responses.categoryList } } }, async () => listCategories(deps));

  app.post('/capabilities/enable', { config: { ...managing, errorStatuses: [404] }, schema: { tags, body: z.object({ capability_id: serverRef }), response: { 200: responses.capabilityEnabled } } }, async (request) =>
    enableCapability(deps, currentUser(request), request.body.capability_id),
  );
};
