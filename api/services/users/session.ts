import type { User } from '../../../db/schema/index.ts';
import { signSessionToken } from '../../../lib/tokens.ts';
import type { AppDeps } from '../../context.ts';
import { publicUser } from './user-record.ts';

/**
 * A short-lived HS256 session token for a user, with the user: what POST /auth/login answers
 * and what the device-code login hands the command line once it completes.
 */
export async function issueSession(deps: Pick<AppDeps, 'config' | 'secrets'>, user: User) {
  const ttl = deps.config.JWT_TTL_SECONDS;
  return {
    access_token: await signSessionToken(deps.secrets.jwtSecret, user.id, ttl),
    token_type: 'Bearer' as const,
    expires_in: ttl,
    user: publicUser(user),
  };
}
