import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { JWTPayload } from 'jose';

const encoder = new TextEncoder();

/**
 * What a session token carries beside `sub`, `iat` and `exp` (docs/decisions.md, "Hardening 2:
 * tokens"): `auth_time`, when the person last proved who they are with a long-lived credential
 * (an API key, an identity provider's token) — a renewed session keeps it, so no chain of
 * renewals outlives the absolute lifetime; and `sv`, the user's session epoch when it was
 * issued — "log out everywhere" bumps the epoch and every older token is refused; and `key_id`,
 * the API key of the sign-in, so that revoking a stolen key also ends the sessions made with it.
 */
export interface SessionClaims {
  authTime: number;
  epoch: number;
  /** The API key the sign-in used (`key_id`): revoking it ends the session, and its renewals. */
  keyId?: string;
}

/** Issues an HS256 session token (POST /auth/login, the device login's poll). */
export function signSessionToken(secret: string, userId: string, ttlSeconds: number, session?: SessionClaims): Promise<string> {
  const claims = session ? { auth_time: session.authTime, sv: session.epoch, ...(session.keyId ? { key_id: session.keyId } : {}) } : {};
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(encoder.encode(secret));
}

export function looksLikeJwt(value: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(value);
}

export function tokenAlgorithm(token: string): string | undefined {
  return tokenHeader(token).alg;
}

/** The unverified header: which verifier to try, nothing more. */
export function tokenHeader(token: string): { alg?: string; typ?: string } {
  try {
    const header = decodeProtectedHeader(token);
    return { ...(header.alg ? { alg: header.alg } : {}), ...(header.typ ? { typ: header.typ } : {}) };
  } catch {
    return {};
  }
}

/** Verifies a service-to-service HS256 JWT; `sub`, `iat` and `exp` are all required. */
export async function verifyHs256(token: string, secret: string): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, encoder.encode(secret), {
    algorithms: ['HS256'],
    requiredClaims: ['sub', 'iat', 'exp'],
  });
  return payload;
}

export interface OAuthSettings {
  issuer: string;
  jwksUrl: string;
  /** Accepted `aud` values: a token must name one of them (required: a token minted for another API is not ours). */
  audience: string[];
}

/** The OAuth settings of the configuration, or undefined when no issuer is configured. */
export function oauthSettings(config: { OAUTH_ISSUER?: string; OAUTH_JWKS_URL?: string; OAUTH_AUDIENCE?: string }): OAuthSettings | undefined {
  if (!config.OAUTH_ISSUER || !config.OAUTH_JWKS_URL || !config.OAUTH_AUDIENCE) return undefined;
  const audience = config.OAUTH_AUDIENCE.split(',').map((value) => value.trim()).filter(Boolean);
  return { issuer: config.OAUTH_ISSUER, jwksUrl: config.OAUTH_JWKS_URL, audience };
}

/**
 * Verifies OAuth access tokens against the issuer's JWKS (keys cached and refreshed by jose).
 * The audience is always checked, and the header must say `typ: at+jwt` (RFC 9068 section 2.1,
 * `application/at+jwt` too): an ID token or any other JWT the issuer signs is not an access
 * token, even when its signature, issuer and audience are right (section 4: "MUST check").
 */
export function createOAuthVerifier(settings: OAuthSettings) {
  const jwks = createRemoteJWKSet(new URL(settings.jwksUrl));
  return async (token: string): Promise<JWTPayload> => {
    const { payload } = await jwtVerify(token, jwks, {
      issuer: settings.issuer,
      audience: settings.audience,
      typ: 'at+jwt',
      requiredClaims: ['sub', 'exp', 'aud'],
    });
    return payload;
  };
}
