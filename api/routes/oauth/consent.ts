import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { forbidden } from '../../errors.ts';
import { baseUrlOf } from '../../mcp-face/auth/resource.ts';
import { userPrincipal } from '../../plugins/auth.ts';
import { uuidParam } from '../../schemas.ts';
import { decide, describeRequest } from '../../services/oauth/authorize.ts';
import { listConnectedClients, revokeConnectedClient } from '../../services/oauth/connected-clients.ts';

// A signed request handle: base64url parts joined by dots (api/services/oauth), nothing else.
const handle = z.string().min(20).max(8000).regex(/^[A-Za-z0-9_.-]+$/);
const user = { auth: 'user' as const };
const connected = z.object({
  id: z.uuid(),
  client_id: z.string(),
  client_name: z.string().nullable(),
  resource: z.string(),
  scopes: z.array(z.string()),
  created_at: z.number().int(),
  last_used_at: z.number().int().nullable().meta({ description: 'Last request with one of its access tokens, to the minute' }),
  revoked_at: z.number().int().nullable(),
  revoked_reason: z.string().nullable(),
});

/** The person behind the consent must have signed in themselves: an OAuth client's token never approves another client. */
function approver(request: Parameters<typeof userPrincipal>[0]) {
  const principal = userPrincipal(request);
  if (principal.grant) throw forbidden('An OAuth client token cannot approve clients; sign in to the console');
  return principal;
}

/**
 * The console's side of the authorization server (REST, the nested error form): what the
 * consent page shows, the person's decision, and the account's connected clients
 * (docs/decisions.md, "Switchboard as an OAuth authorization server for MCP clients").
 */
export const oauthConsentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/oauth/consent',
    {
      config: { ...user, errorStatuses: [404] },
      schema: {
        tags: ['oauth'],
        querystring: z.object({ request: handle }),
        response: {
          200: z.object({
            client_id: z.string(),
            client_name: z.string().nullable(),
            client_host: z.string().nullable().meta({ description: 'Host of a metadata-document client_id (null for a registered client)' }),
            registered: z.boolean().meta({ description: 'Registered through dynamic registration (anyone can): its name is unverified' }),
            redirect_host: z.string(),
            resource: z.string(),
            scopes: z.array(z.string()),
            remembered: z.boolean().meta({ description: 'The person approved this client, resource and scopes before' }),
          }),
        },
      },
    },
    async (request) => describeRequest(deps, approver(request).user.id, request.query.request),
  );

  app.post(
    '/oauth/consent',
    {
      config: user,
      schema: {
        tags: ['oauth'],
        body: z.object({ request: handle, decision: z.enum(['approve', 'deny']) }),
        response: { 200: z.object({ redirect_to: z.string().meta({ description: "The client's redirect URI with the code (or access_denied)" }) }) },
      },
    },
    async (request) => {
      const principal = approver(request);
      return decide(deps, baseUrlOf(request), { userId: principal.user.id, authTime: principal.authTime }, request.body.request, request.body.decision);
    },
  );

  app.get(
    '/account/connected-clients',
    { config: user, schema: { tags: ['account'], response: { 200: z.object({ clients: z.array(connected), total: z.number().int(), active: z.number().int() }) } } },
    async (request) => listConnectedClients(deps, userPrincipal(request).user.id),
  );

  app.delete(
    '/account/connected-clients/:grant_id',
    {
      config: { ...user, errorStatuses: [404] },
      schema: { tags: ['account'], params: uuidParam('grant_id'), response: { 200: connected.extend({ status: z.literal('revoked') }) } },
    },
    async (request) => revokeConnectedClient(deps, approver(request).user.id, request.params.grant_id),
  );
};
