import { forbidden } from '../../errors.ts';

/**
 * Who asks, as plain data: every face (REST routes, the MCP face, the CLI) derives it from its
 * own authentication, so the service never sees a request object.
 * - userId: the authenticated user; null for anonymous callers and for the admin key, which
 *   has no user (it searches, indexes and logs as the public catalog).
 * - isAdmin: the admin key, or a user with the admin role; only searching as another user
 *   (`asUser`) asks for it, so a face that never offers that may leave it out.
 * - origin: see below.
 */
export interface Caller {
  userId: string | null;
  isAdmin?: boolean;
  /** The service's origin as the caller reached it (setup links in availability); absent: links are paths. */
  origin?: string;
}

/**
 * Whose scope a retrieval runs in: the caller's own; an admin may name another user
 * (`user_id` of the v1 variants), anyone else is refused.
 */
export function scopeUser(caller: Caller, asUser?: string): string | null {
  if (asUser === undefined) return caller.userId;
  if (!caller.isAdmin) throw forbidden('user_id overrides the searching user; it needs admin credentials');
  return asUser;
}
