import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../context.ts';
import { originOf } from '../../error-forms.ts';
import {
  deleteConnectionOp,
  deletePreregisteredClientOp,
  getConnectionOp,
  getPreregisteredClientOp,
  preregisteredClientInput,
  setPreregisteredClientOp,
  startConnectionOp,
} from '../../operations/connections.ts';
import { restConfig } from '../../operations/operation.ts';
import { currentUser } from '../../plugins/auth.ts';
import { clientMetadata } from '../../../platform/oauth-client/registration.ts';
import { CALLBACK_PATH, CLIENT_METADATA_PATH, completeServerConnection } from '../../services/registry/oauth-connections.ts';
import { refreshServersWithin } from '../../services/registry/sync.ts';
import { credentialsPagePath } from '../../services/execution/credentials-required.ts';

/** RFC 6749's VSCHAR: what an authorization server may put in state, code and error (printable ASCII). */
const vschar = z.string().regex(/^[\x20-\x7E]*$/);

const tags = ['servers'];
/** How long the callback waits for the server's tools to be listed through the new connection. */
const LIST_WAIT_MS = 15_000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A user's OAuth connection to a remote server, beside the credentials (/mcp_servers/{server}/…,
 * root form), plus the two routes the authorization server and the user's browser reach without
 * our credentials: the callback (its `state` says whose) and our client metadata document.
 */
export const connectionRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const params = getConnectionOp.input;
  app.post(
    '/mcp_servers/:server/connection',
    { config: restConfig(startConnectionOp), schema: { tags, params, response: { 200: startConnectionOp.output } } },
    async (request) => startConnectionOp.call({ deps, userId: currentUser(request).id, origin: originOf(request) }, request.params),
  );

  app.get('/mcp_servers/:server/connection', { config: restConfig(getConnectionOp), schema: { tags, params, response: { 200: getConnectionOp.output } } }, async (request) =>
    getConnectionOp.call({ deps, userId: currentUser(request).id }, request.params),
  );

  app.delete(
    '/mcp_servers/:server/connection',
    { config: restConfig(deleteConnectionOp), schema: { tags, params, response: { 204: deleteConnectionOp.output } } },
    async (request, reply) => {
      await deleteConnectionOp.call({ deps, userId: currentUser(request).id, logger: request.log }, request.params);
      return reply.status(204).send(null);
    },
  );

  // The operator's pre-registered client for a remote entry (admin key): the secret goes in, never out.
  const entry = getPreregisteredClientOp.input;
  const oauthClientPath = '/admin/mcp_registry/:name/oauth_client';
  app.put(
    oauthClientPath,
    { config: restConfig(setPreregisteredClientOp), schema: { tags: ['registry'], params: entry, body: preregisteredClientInput, response: { 200: setPreregisteredClientOp.output } } },
    async (request) => setPreregisteredClientOp.call({ deps }, { ...request.body, ...request.params }),
  );
  app.get(oauthClientPath, { config: restConfig(getPreregisteredClientOp), schema: { tags: ['registry'], params: entry, response: { 200: getPreregisteredClientOp.output } } }, async (request) =>
    getPreregisteredClientOp.call({ deps }, request.params),
  );
  app.delete(
    oauthClientPath,
    { config: restConfig(deletePreregisteredClientOp), schema: { tags: ['registry'], params: entry, response: { 204: deletePreregisteredClientOp.output } } },
    async (request, reply) => {
      await deletePreregisteredClientOp.call({ deps }, request.params);
      return reply.status(204).send(null);
    },
  );

  // The browser lands here from the AS: no API key, the state alone says whose authorization it ends.
  app.get(
    CALLBACK_PATH,
    {
      config: { auth: 'none', rateScope: 'public_write', errorStatuses: [502] },
      schema: {
        tags,
        querystring: z.object({ state: vschar.min(1).max(512), code: vschar.min(1).max(4096).optional(), error: vschar.max(256).optional() }),
        response: { 200: z.string().meta({ description: 'A page saying the server is connected' }) },
      },
    },
    async (request, reply) => {
      const done = await completeServerConnection(deps, request.query);
      // Its tools are listed through this user's connection (the operator has no token for it); bounded, it runs on otherwise.
      await refreshServersWithin(deps.temporal, [done.serverKey], LIST_WAIT_MS, done.userId).catch((err: unknown) =>
        request.log.warn({ err, server: done.server }, 'tools/list after an OAuth connection failed'),
      );
      request.log.info({ server: done.server, user: done.userId }, 'oauth connection made');
      const page = credentialsPagePath(done.server);
      return reply
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><title>Connected</title><p>${escapeHtml(done.server)} is connected. You can close this tab, or <a href="${escapeHtml(page)}">see the server</a>.</p>`);
    },
  );

  app.get(CLIENT_METADATA_PATH, { config: { auth: 'none' }, schema: { tags, response: { 200: z.record(z.string(), z.unknown()) } } }, async (request) => {
    const origin = originOf(request);
    // The document names the URL it is published at (the client id we send), and the callback our requests on this origin use.
    return clientMetadata(`${origin}${CALLBACK_PATH}`, deps.config.OAUTH_CLIENT_METADATA_URL ?? `${origin}${CLIENT_METADATA_PATH}`);
  });
};
