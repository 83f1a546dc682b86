import type { JWTPayload } from 'jose';
import { findKeyWithUser, touchApiKey } from '../../db/api-keys.ts';
import type { Database } from '../../db/client.ts';
import { createUser, findSessionUser, findUserByEmail } from '../../db/users.ts';
import { apiKeyPrefix, hashApiKey, secretsEqual } from '../../domain/api-key-format.ts';
import type { OAuthSettings } from './tokens.ts';
import { createOAuthVerifier, looksLikeJwt, tokenHeader, verifyHs256 } from './tokens.ts';
import { grantWithUser, touchGrant } from '../../db/oauth/oauth.ts';
import { ACCESS_TOKEN_TYP, verifyAccessToken } from '../services/oauth/access-tokens.ts';
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

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * When the person behind a token last signed in: its `auth_time` (OIDC's name), else when it
 * was issued; never later than now (a time in the future would make a session fresh for ever).
 */
function authTimeOf(payload: JWTPayload): number {
  const claimed = typeof payload.auth_time === 'number' && Number.isFinite(payload.auth_time) ? payload.auth_time : payload.iat;
  return Math.min(Math.floor(claimed ?? 0), nowSeconds());
}

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
    // The key itself is the long-lived credential: presenting it is a sign-in, now.
    return { kind: 'user', user: found.user, via: 'api_key', authTime: nowSeconds(), keyId: found.key.id };
  }

  // An access token of our own authorization server: the grant it rests on must still stand
  // (revoking it, or a replayed refresh token or code, ends every token of the family at once).
  // Which resource it may reach is the auth plugin's check: it knows the request.
  async function byAccessToken(token: string): Promise<Principal> {
    let claims: Awaited<ReturnType<typeof verifyAccessToken>>;
    try {
      claims = await verifyAccessToken(settings.jwtSecret, token);
    } catch (error) {
      throw unauthorized((error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'Token has expired' : 'Invalid token');
    }
    const found = UUID.test(claims.gid) ? await grantWithUser(db, claims.gid) : undefined;
    if (!found || found.grant.userId !== claims.sub) throw unauthorized('Invalid token');
    if (found.grant.revokedAt) throw unauthorized('The authorization behind this token has been revoked');
    const { grant } = found;
    const last = grant.lastUsedAt?.getTime() ?? 0;
    if (Date.now() - last > TOUCH_INTERVAL_MS) await touchGrant(db, grant.id);
    return {
      kind: 'user',
      user: found.user,
      via: 'oauth',
      authTime: authTimeOf(claims),
      grant: { id: grant.id, clientId: grant.clientId, resource: grant.resource, scopes: claims.scope.split(' ').filter(Boolean) },
    };
  }

  async function byJwt(token: string): Promise<Principal> {
    const { alg, typ } = tokenHeader(token);
    if (alg === 'HS256' && typ === ACCESS_TOKEN_TYP) return byAccessToken(token);
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
    if (via === 'oauth') return { kind: 'user', user: await oauthUser(payload), via, authTime: authTimeOf(payload) };
    const keyId = typeof payload.key_id === 'string' && UUID.test(payload.key_id) ? payload.key_id : undefined;
    return { kind: 'user', user: await sessionUser(payload, keyId), via, authTime: authTimeOf(payload), ...(keyId ? { keyId } : {}) };
  }

  // Our own tokens name the user by id. The user row is read on every request anyway (with the
  // state of the session's API key, in the same query), so the revocation checks cost no extra
  // query and no cache that replicas could disagree on: "log out everywhere" and a revoked key
  // hold on every replica at the next request.
  async function sessionUser(payload: JWTPayload, keyId: string | undefined) {
    const found = payload.sub && UUID.test(payload.sub) ? await findSessionUser(db, payload.sub, keyId) : undefined;
    if (!found) throw unauthorized('Token subject is not a known user');
    const epoch = typeof payload.sv === 'number' ? payload.sv : 0;
    if (epoch < found.user.sessionEpoch) throw unauthorized('Session has been revoked; sign in again');
    if (!found.keyActive) throw unauthorized('The API key this session was signed in with has been revoked; sign in again');
    return found.user;
  }

  // An OAuth identity maps to the account with its e-mail, and only an address the identity
  // provider says it verified: anyone can put any address on an account at many providers,
  // and linking by it would hand them that person's account. A verified identity with no
  // account yet gets a free one, as a sign-up through the identity provider would. The
  // provider's `sub` is its own namespace, never taken for one of our user ids.
  async function oauthUser(payload: JWTPayload) {
    const email = typeof payload.email === 'string' ? payload.email : undefined;
    if (!email) throw unauthorized('Token carries no e-mail address to find the account by');
    if (payload.email_verified !== true) throw unauthorized('The identity provider has not verified this e-mail address');
    return (await findUserByEmail(db, email)) ?? createUser(db, { email });
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
