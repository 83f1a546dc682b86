import { AppError } from '../errors.ts';
import type { Principal } from '../route-config.ts';

/**
 * Minting a long-lived credential (an API key, a device login that brings one) needs a recent
 * sign-in: a stolen session token must not turn into a key that outlives it. An API key or the
 * admin key is itself the long-lived credential and always counts as fresh; a session or OAuth
 * token counts when its sign-in (`auth_time`, else `iat`) is at most `maxAgeSeconds` old.
 * Refused with 401, the spec's status for a credential that no longer does (RFC 9470's
 * step-up answer is a 401 too): sign in again with the key and retry.
 */
export function requireFreshAuth(principal: Principal | undefined, maxAgeSeconds: number): void {
  if (principal?.kind !== 'user' || principal.via === 'api_key') return;
  const age = Math.floor(Date.now() / 1000) - principal.authTime;
  if (age <= maxAgeSeconds) return;
  throw new AppError(
    'UNAUTHORIZED',
    `This needs a recent sign-in: your session started ${age} s ago, more than ${maxAgeSeconds} s; sign in again with your API key`,
    { reason: 'reauthentication_required', max_age: maxAgeSeconds },
  );
}
