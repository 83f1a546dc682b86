import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Authenticate } from '../auth/authenticate.ts';
import { extractCredential } from '../auth/credentials.ts';
import { requireFreshAuth } from '../auth/fresh-auth.ts';
import { forbidden, unauthorized } from '../errors.ts';
import type { OAuthGrant, Principal } from '../route-config.ts';
import { baseUrlOf, isMcpPath } from '../mcp-face/auth/resource.ts';
import { resourceOfPath, scopeOfRoute } from '../services/oauth/resources.ts';

/**
 * Enforces each route's level. Admin routes accept the admin key or a user whose role is
 * admin; "user" routes need a real user (the admin key has no identity of its own).
 * A credential that is present but wrong is a 401 even on optional routes.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { authenticate: Authenticate; freshAuthMaxAgeSeconds: number }) => {
  app.decorateRequest('principal', undefined);
  app.addHook('onRequest', async (request, reply) => {
    const level = request.routeOptions.config?.auth ?? 'none';
    if (level === 'none' || level === 'signature') return;
    const credential = extractCredential(request);
    if (!credential) {
      if (level === 'optional') return;
      throw unauthorized('Authentication required: send an API key or token');
    }
    request.principal = await opts.authenticate(credential);
    if (request.principal.kind === 'user' && request.principal.grant) checkGrant(request, reply, request.principal.grant, level);
    if (level === 'admin' && !isAdmin(request.principal)) throw forbidden('Admin credentials required');
    if (level === 'user' && request.principal.kind !== 'user') throw forbidden('This route acts as a user; use a user key');
    if (request.routeOptions.config?.freshAuth) requireFreshAuth(request.principal, opts.freshAuthMaxAgeSeconds);
  });
});

/** An OAuth client never acts as an admin, whoever approved it ("admin never"). */
export function isAdmin(principal: Principal | undefined): boolean {
  return principal?.kind === 'admin' || (principal?.kind === 'user' && principal.user.role === 'admin' && !principal.grant);
}

/**
 * An access token of our own authorization server serves only the resource it was issued for
 * (RFC 8707; MCP authorization: "validate that the token was issued for it"): a token for one
 * pack is refused at another pack, at /mcp and at the REST API. On the REST API it reaches only
 * what its scopes name; admin routes and key minting never. MCP tools check scopes per call.
 */
function checkGrant(request: FastifyRequest, reply: FastifyReply, grant: OAuthGrant, level: string) {
  const path = request.url.split('?')[0] ?? '';
  if (resourceOfPath(baseUrlOf(request), path) !== grant.resource) throw unauthorized('This token was issued for another resource');
  if (level === 'admin' || request.routeOptions.config?.freshAuth) throw forbidden('An OAuth client token cannot do this; use an API key');
  if (isMcpPath(path)) return;
  const needed = restScopeOf(request);
  if (!needed || !grant.scopes.includes(needed)) {
    // RFC 6750 section 3.1: the scope that would do, so a client can ask for it (MCP's step-up); none when no scope would.
    if (needed) reply.header('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${needed}"`);
    throw forbidden(`This token's scopes (${grant.scopes.join(' ')}) do not cover this route`);
  }
}

/** The scope a REST route needs (api/services/oauth/resources.ts REST_SCOPES); none for a route no token may use. */
function restScopeOf(request: FastifyRequest): string | undefined {
  return scopeOfRoute(request.method === 'HEAD' ? 'GET' : request.method, request.routeOptions.url ?? '');
}

/** The user a request acts for; an admin key must name one (`user_id`) where the route allows it. */
export function currentUser(request: FastifyRequest) {
  return userPrincipal(request).user;
}

/** The request's user principal: the user and how (and when) they signed in. */
export function userPrincipal(request: FastifyRequest): Extract<Principal, { kind: 'user' }> {
  const principal = request.principal;
  if (principal?.kind === 'user') return principal;
  if (principal?.kind === 'admin') throw forbidden('The admin key has no user identity; use a user key');
  throw unauthorized();
}
