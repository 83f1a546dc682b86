import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { JWTPayload } from 'jose';

const encoder = new TextEncoder();

/** Issues the short-lived HS256 session token of POST /auth/login. */
export function signSessionToken(secret: string, userId: string, ttlSeconds: number): Promise<string> {
  return new SignJWT({})
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
  try {
    return decodeProtectedHeader(token).alg;
  } catch {
    return undefined;
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
  audience?: string;
}

/** Verifies OAuth access tokens against the issuer's JWKS (keys cached and refreshed by jose). */
export function createOAuthVerifier(settings: OAuthSettings) {
  const jwks = createRemoteJWKSet(new URL(settings.jwksUrl));
  return async (token: string): Promise<JWTPayload> => {
    const { payload } = await jwtVerify(token, jwks, {
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ['sub', 'exp'],
    });
    return payload;
  };
}
