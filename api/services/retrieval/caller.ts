import type { FastifyRequest } from 'fastify';
import { currentUser, isAdmin } from '../../plugins/auth.ts';
import { forbidden } from '../../errors.ts';

/**
 * Whose scope a retrieval runs in: the caller's own; an admin may name another user with
 * `user_id` (v1 variant). The admin key alone has no user, so it searches the public catalog.
 */
export function scopeUserId(request: FastifyRequest, override?: string): string | null {
  const principal = request.principal;
  if (override !== undefined) {
    if (!isAdmin(principal)) throw forbidden('user_id overrides the searching user; it needs admin credentials');
    return override;
  }
  return principal?.kind === 'user' ? principal.user.id : null;
}

/** Owner of tools sent to POST /v2/index_tools: the user, or the public catalog for the admin key. */
export function indexOwner(request: FastifyRequest): string | null {
  return request.principal?.kind === 'admin' ? null : currentUser(request).id;
}

/** Optional logging routes record the caller's user when there is one; the admin key logs anonymously. */
export function loggingUserId(request: FastifyRequest): string | null {
  return request.principal?.kind === 'user' ? request.principal.user.id : null;
}
