import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { extractCredential } from '../../auth/credentials.ts';
import { baseUrlOf, challenge, isMcpPath, METADATA_PATH, RESOURCE_PATH, resourceMetadata, resourcePathOf } from './resource.ts';

const metadataSchema = z.object({
  resource: z.string(),
  authorization_servers: z.array(z.string()),
  scopes_supported: z.array(z.string()).optional(),
  bearer_methods_supported: z.array(z.string()),
  resource_name: z.string(),
  resource_documentation: z.string(),
});

/**
 * Authorization the MCP way, for `/mcp` and everything under it: every 401 there carries the
 * `WWW-Authenticate` challenge pointing at the protected resource metadata, which is published
 * at the well-known address (and its path-suffixed form). Who may call is still decided by the
 * auth plugin, exactly as for REST; REST answers are left as they were.
 */
export const mcpAuthPlugin = fp(async (app: FastifyInstance, { deps }: { deps: AppDeps }) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 401 && isMcpPath(request.url)) {
      reply.header('WWW-Authenticate', challenge(baseUrlOf(request), extractCredential(request) !== null, resourcePathOf(request.url)));
    }
    return payload;
  });

  const route = { config: { auth: 'none' as const }, schema: { tags: ['mcp'], response: { 200: metadataSchema } } };
  for (const path of [METADATA_PATH, `${METADATA_PATH}${RESOURCE_PATH}`]) {
    app.get(path, route, async (request) => resourceMetadata(deps.config, baseUrlOf(request)));
  }
  // Each pack's endpoint is a resource of its own (a token for it serves nowhere else).
  const packRoute = { ...route, schema: { ...route.schema, params: z.object({ id: z.string().min(1).max(200).regex(/^[A-Za-z0-9._~-]+$/) }) } };
  app.get(`${METADATA_PATH}${RESOURCE_PATH}/packs/:id`, packRoute, async (request) =>
    resourceMetadata(deps.config, baseUrlOf(request), `${RESOURCE_PATH}/packs/${(request.params as { id: string }).id}`),
  );
});
