import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../context.ts';
import { credentialRoutes } from './credential-routes.ts';
import { connectionRoutes } from './connection-routes.ts';
import { customPackRoutes } from './custom-pack-routes.ts';
import { packRoutes } from './pack-routes.ts';
import { publishedRegistryRoutes } from './published-routes.ts';
import { registryRoutes } from './registry-routes.ts';
import { serverRoutes } from './server-routes.ts';
import { toolRoutes } from './tool-routes.ts';

/** Every route of the registry area: registry, servers, packs, custom packs, tool catalog, the official registry API's reads. */
export const registryAreaRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  for (const routes of [registryRoutes, serverRoutes, credentialRoutes, connectionRoutes, packRoutes, customPackRoutes, toolRoutes, publishedRegistryRoutes]) {
    await app.register(routes, { deps });
  }
};
