import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { envelope } from '../../error-forms.ts';
import { currentUser } from '../../plugins/auth.ts';
import { restConfig } from '../../operations/operation.ts';
import { listServers } from '../../operations/registry.ts';
import { envelopeOf } from '../../schemas.ts';
import {
  installedTools,
  listUserServers,
  syncUserServers,
  toggleServer,
  trackInstallation,
  userServerState,
} from '../../services/registry/user-servers.ts';
import { triggerUserSync, userSyncResult } from '../../services/registry/user-sync.ts';
import * as responses from './responses.ts';
import * as userResponses from './server-responses.ts';
import { packId, serverRef, toolName } from './schemas.ts';

const tags = ['servers'];
const required = { auth: 'required' as const };
const managing = { auth: 'required' as const, rateScope: 'server_management' as const };

/** Connected servers and a user's enabled/installed servers. */
export const serverRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // The list_servers operation (api/operations/registry.ts) in the v1 envelope.
  app.get('/v1/servers', { config: restConfig(listServers), schema: { tags, response: { 200: envelopeOf(listServers.output) } } }, async (request) => {
    const user = request.principal?.kind === 'user' ? request.principal.user.id : null;
    return envelope(request, await listServers.call({ deps, userId: user }, {}));
  });

  app.get('/mcp_servers', { config: required, schema: { tags, response: { 200: userResponses.userServerList } } }, async (request) => listUserServers(deps, currentUser(request)));

  app.post(
    '/mcp_servers/toggle',
    { config: { ...managing, errorStatuses: [404] }, schema: { tags, body: z.object({ server: serverRef, enabled: z.boolean() }), response: { 200: responses.toggleResult } } },
    async (request) => toggleServer(deps, currentUser(request), request.body),
  );

  app.get('/tools/installed', { config: required, schema: { tags, response: { 200: userResponses.installedTools } } }, async (request) => installedTools(deps, currentUser(request)));

  app.post(
    '/v2/track_installation',
    {
      config: { ...managing, errorStatuses: [404] },
      schema: { tags, body: z.object({ tool_name: toolName, server: serverRef, pack_id: packId.optional() }), response: { 200: userResponses.installationTracked } },
    },
    async (request) => trackInstallation(deps, currentUser(request), request.body),
  );

  app.get('/user-servers/servers', { config: required, schema: { tags, response: { 200: userResponses.userServerState } } }, async (request) => userServerState(deps, currentUser(request)));

  app.post(
    '/user-servers/servers',
    {
      config: { ...managing, errorStatuses: [404] },
      schema: {
        tags,
        body: z.object({ installed_servers: z.array(serverRef).max(500).default([]), installed_packs: z.array(packId).max(100).default([]) }),
        response: { 200: userResponses.userServerState },
      },
    },
    async (request) => syncUserServers(deps, currentUser(request), request.body),
  );

  // Answers within a bounded wait (decisions.md, "Sync trigger"): 200 with the result, or 202
  // with the sync's id while it runs, read later with the GET below.
  app.post('/user-servers/sync-trigger', { config: managing, schema: { tags, response: { 200: userResponses.userSync, 202: userResponses.userSync } } }, async (request, reply) => {
    const sync = await triggerUserSync(deps, currentUser(request));
    if (sync.status !== 'running') return sync;
    return reply.status(202).header('Location', `/user-servers/sync-trigger/${sync.sync_id}`).send(sync);
  });

  app.get(
    '/user-servers/sync-trigger/:sync_id',
    { config: required, schema: { tags, params: z.object({ sync_id: z.uuid() }), response: { 200: userResponses.userSync } } },
    async (request) => userSyncResult(deps, currentUser(request), request.params.sync_id),
  );
};
