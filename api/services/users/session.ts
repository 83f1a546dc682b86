import type { User } from '../../../db/schema/index.ts';
import { signSessionToken } from '../../auth/tokens.ts';
import type { AppDeps } from '../../context.ts';
import { unauthorized } from '../../errors.ts';
import { publicUser } from './user-record.ts';
import { recordAudit } from '../trust/record.ts';
import type { AuditContext } from '../trust/record.ts';

/**
 * A short-lived HS256 session token for a user, with the user: what POST /auth/login answers
 * and what the device-code login hands the command line once it completes.
 *
 * `authTime` is the sign-in the session rests on (Unix seconds): now for an API key, the
 * presented token's own for a session renewed with a session (decisions.md, "Hardening 2:
 * tokens"). The token never outlives `authTime + SESSION_MAX_AGE_SECONDS`; past it, 401.
 * `keyId`: the API key of that sign-in, carried on so that revoking the key ends the session.
 */
export async function issueSession(deps: Pick<AppDeps, 'config' | 'secrets' | 'db'>, user: User, signIn: { authTime: number; keyId?: string | null }, audit: AuditContext) {
  const { authTime } = signIn;
  const now = Math.floor(Date.now() / 1000);
  const left = authTime + deps.config.SESSION_MAX_AGE_SECONDS - now;
  if (left <= 0) throw unauthorized('Session has reached its maximum lifetime; sign in again with your API key');
  const ttl = Math.min(deps.config.JWT_TTL_SECONDS, left);
  // The token itself is never recorded: who got a session, on which key, for how long.
  await recordAudit(deps, audit, { action: 'session.issue', target: user.id, details: { key_id: signIn.keyId ?? null, expires_in: ttl, auth_time: authTime } });
  return {
    access_token: await signSessionToken(deps.secrets.jwtSecret, user.id, ttl, { authTime, epoch: user.sessionEpoch, ...(signIn.keyId ? { keyId: signIn.keyId } : {}) }),
    token_type: 'Bearer' as const,
    expires_in: ttl,
    user: publicUser(user),
  };
}
