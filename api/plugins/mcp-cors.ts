import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ENABLED_ENDPOINT, PACK_ENDPOINT } from '../mcp-face/packs/endpoints.ts';

/*
 * CORS for browser-based MCP clients (issue 36): a web page on another origin must read our
 * 401's WWW-Authenticate, the OAuth metadata, register, exchange its code and speak MCP. Only
 * those routes answer cross-origin, and minimally:
 * - `Access-Control-Allow-Origin: *`, never with `Allow-Credentials`: every one of these routes
 *   authenticates by a bearer token the page holds (we set no cookies), so a browser never sends
 *   ambient credentials with them and a credentialed request fails its preflight.
 * - request headers the MCP transport and OAuth need: Authorization, Content-Type,
 *   Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID; exposed: WWW-Authenticate (discovery
 *   starts from it), Mcp-Session-Id (the session the client must echo).
 * Not here: /oauth/authorize and the consent page (a top-level navigation, not a fetch), the
 * REST API and the console (same origin).
 */

const METADATA = ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource/mcp/packs/:id'];
const AS_READ = ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration', '/oauth/jwks'];
const AS_WRITE = ['/oauth/token', '/oauth/register', '/oauth/revoke'];
const MCP = ['/mcp', ENABLED_ENDPOINT, PACK_ENDPOINT];

/** Route pattern → the methods a cross-origin page may use on it. */
export const CORS_ROUTES: ReadonlyMap<string, string> = new Map([
  ...[...METADATA, ...AS_READ].map((url) => [url, 'GET'] as const),
  ...AS_WRITE.map((url) => [url, 'POST'] as const),
  ...MCP.map((url) => [url, 'GET, POST, DELETE'] as const),
]);
export const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID';
export const CORS_EXPOSED_HEADERS = 'WWW-Authenticate, Mcp-Session-Id';

export const mcpCorsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (route && request.method !== 'OPTIONS' && CORS_ROUTES.has(route) && request.headers.origin) {
      reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', CORS_EXPOSED_HEADERS).header('vary', 'Origin');
    }
    return payload;
  });
  // Preflights: answered before authentication (a browser sends none with them), bodiless.
  for (const [url, methods] of CORS_ROUTES) {
    app.options(url, { config: { auth: 'none' }, schema: { hide: true } }, async (_request, reply) =>
      reply
        .status(204)
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', methods)
        .header('access-control-allow-headers', CORS_ALLOWED_HEADERS)
        .header('access-control-max-age', '600')
        .send(),
    );
  }
});
