import type { JWTPayload } from 'jose';
import { findKeyWithUser, touchApiKey } from '../../db/api-keys.ts';
import type { Database } from '../../db/client.ts';
import { createUser, findUserByEmail, findUserById } from '../../db/users.ts';
import { apiKeyPrefix, hashApiKey, secretsEqual } from '../../domain/api-key-format.ts';
import type { OAuthSettings } from '../../lib/tokens.ts';
import { createOAuthVerifier, looksLikeJwt, tokenAlgorithm, verifyHs256 } from '../../lib/tokens.ts';
import { unauthorized } from '../errors.ts';
import type { Principal } from '../route-config.ts';
import type { Credential } from './credentials.ts';

export interface AuthSettings {
  adminKey: string;
  jwtSecret: string;
  oauth?: OAuthSettings;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** last_used_at is a hint, not an audit log: write it at most once a minute per key. */
const TOUCH_INTERVAL_MS = 60_000;

/** Resolves a credential to a principal, or throws 401. */
export function createAuthenticator(db: Database, settings: AuthSettings) {
  const verifyOAuth = settings.oauth ? createOAuthVerifier(settings.oauth) : undefined;

  async function byApiKey(value: string): Promise<Principal> {
    const prefix = apiKeyPrefix(value);
    const found = prefix ? await findKeyWithUser(db, prefix) : undefined;
    if (!found || !secretsEqual(found.key.hash, hashApiKey(value))) throw unauthorized('Invalid API key');
    if (found.key.revokedAt) throw unauthorized('API key has been revoked');
    const last = found.key.lastUsedAt?.getTime() ?? 0;
    if (Date.now() - last > TOUCH_INTERVAL_MS) await touchApiKey(db, found.key.id);
    return { kind: 'user', user: found.user, via: 'api_key' };
  }

  async function byJwt(token: string): Promise<Principal> {
    const alg = tokenAlgorithm(token);
    let payload: JWTPayload;
    let via: 'jwt' | 'oauth';
    try {
      if (alg === 'HS256') {
        payload = await verifyHs256(token, settings.jwtSecret);
        via = 'jwt';
      } else if (verifyOAuth && alg) {
        payload = await verifyOAuth(token);
        via = 'oauth';
      } else {
        throw new Error(`unsupported token algorithm ${alg ?? 'none'}`);
      }
    } catch (error) {
      const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
      throw unauthorized(expired ? 'Token has expired' : 'Invalid token');
    }
    const user = await userForClaims(payload, via);
    if (!user) throw unauthorized('Token subject is not a known user');
    return { kind: 'user', user, via };
  }

  // An OAuth identity maps to the account with its e-mail; a verified identity with no
  // account yet gets a free one, as a sign-up through the identity provider would.
  async function userForClaims(payload: JWTPayload, via: 'jwt' | 'oauth') {
    if (payload.sub && UUID.test(payload.sub)) {
      const user = await findUserById(db, payload.sub);
      if (user) return user;
    }
    const email = typeof payload.email === 'string' ? payload.email : undefined;
    if (via === 'oauth' && email) return (await findUserByEmail(db, email)) ?? createUser(db, { email });
    return undefined;
  }

  return async function authenticate(credential: Credential): Promise<Principal> {
    if (credential.kind === 'admin_header') {
      if (secretsEqual(credential.value, settings.adminKey)) return { kind: 'admin', via: 'admin_key' };
      throw unauthorized('Invalid admin key');
    }
    if (credential.kind === 'bearer') {
      if (!credential.value) throw unauthorized('Malformed Authorization header; expected "Bearer <token>"');
      if (secretsEqual(credential.value, settings.adminKey)) return { kind: 'admin', via: 'admin_key' };
      if (looksLikeJwt(credential.value)) return byJwt(credential.value);
    }
    return byApiKey(credential.value);
  };
}

export type Authenticate = ReturnType<typeof createAuthenticator>;
