import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Authenticate } from '../auth/authenticate.ts';
import { extractCredential } from '../auth/credentials.ts';
import { requireFreshAuth } from '../auth/fresh-auth.ts';
import { forbidden, unauthorized } from '../errors.ts';
import type { Principal } from '../route-config.ts';

/**
 * Enforces each route's level. Admin routes accept the admin key or a user whose role is
 * admin; "user" routes need a real user (the admin key has no identity of its own).
 * A credential that is present but wrong is a 401 even on optional routes.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { authenticate: Authenticate; freshAuthMaxAgeSeconds: number }) => {
  app.decorateRequest('principal', undefined);
  app.addHook('onRequest', async (request) => {
    const level = request.routeOptions.config?.auth ?? 'none';
    if (level === 'none' || level === 'signature') return;
    const credential = extractCredential(request);
    if (!credential) {
      if (level === 'optional') return;
      throw unauthorized('Authentication required: send an API key or token');
    }
    request.principal = await opts.authenticate(credential);
    if (level === 'admin' && !isAdmin(request.principal)) throw forbidden('Admin credentials required');
    if (level === 'user' && request.principal.kind !== 'user') throw forbidden('This route acts as a user; use a user key');
    if (request.routeOptions.config?.freshAuth) requireFreshAuth(request.principal, opts.freshAuthMaxAgeSeconds);
  });
});

export function isAdmin(principal: Principal | undefined): boolean {
  return principal?.kind === 'admin' || (principal?.kind === 'user' && principal.user.role === 'admin');
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
