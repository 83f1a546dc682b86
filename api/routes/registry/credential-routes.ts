import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../context.ts';
import { deleteCredential, getCredentials, putCredentials } from '../../operations/credentials.ts';
import { restConfig } from '../../operations/operation.ts';
import { currentUser } from '../../plugins/auth.ts';

const tags = ['servers'];

/**
 * A user's credentials for a server, beside the other per-user server routes (/mcp_servers):
 * root form only, as every per-server route is (decisions.md, "The credential store").
 */
export const credentialRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const params = getCredentials.input;
  app.get('/mcp_servers/:server/credentials', { config: restConfig(getCredentials), schema: { tags, params, response: { 200: getCredentials.output } } }, async (request) =>
    getCredentials.call({ deps, userId: currentUser(request).id }, request.params),
  );

  app.put(
    '/mcp_servers/:server/credentials',
    { config: restConfig(putCredentials), schema: { tags, params, body: putCredentials.input.omit({ server: true }), response: { 200: putCredentials.output } } },
    async (request) => putCredentials.call({ deps, userId: currentUser(request).id, requestId: request.id }, { ...request.body, server: request.params.server }),
  );

  app.delete(
    '/mcp_servers/:server/credentials/:name',
    { config: restConfig(deleteCredential), schema: { tags, params: deleteCredential.input, response: { 204: deleteCredential.output } } },
    async (request, reply) => {
      await deleteCredential.call({ deps, userId: currentUser(request).id, requestId: request.id }, request.params);
      return reply.status(204).send(null);
    },
  );
};
