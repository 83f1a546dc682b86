import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { JWTPayload } from 'jose';
import type { OAuthGrantRow } from '../../../db/schema/index.ts';
import { accessTokenKey } from './secrets.ts';

/** The JWT header type of access tokens (RFC 9068): what tells one from a session token before verifying. */
export const ACCESS_TOKEN_TYP = 'at+jwt';

/**
 * An access token of Switchboard's authorization server (RFC 9068 profile): `aud` is the one
 * resource it was issued for, `gid` the grant it rests on (revoking the grant ends it at the
 * next request), `scope` what it may do. HS256 under a key derived from JWT_SECRET: the issuer
 * and the only verifier are the same service, so no public key needs publishing.
 */
export function signAccessToken(jwtSecret: string, issuer: string, grant: OAuthGrantRow, ttlSeconds: number): Promise<string> {
  return new SignJWT({ client_id: grant.clientId, scope: grant.scope, gid: grant.id, auth_time: Math.floor(grant.authAt.getTime() / 1000) })
    .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYP })
    .setIssuer(issuer)
    .setSubject(grant.userId)
    .setAudience(grant.resource)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(accessTokenKey(jwtSecret));
}

export interface AccessClaims extends JWTPayload {
  gid: string;
  scope: string;
  client_id: string;
}

/** Verifies signature, type, lifetime and the claims every such token has; throws on any failure. */
export async function verifyAccessToken(jwtSecret: string, token: string): Promise<AccessClaims> {
  const { payload } = await jwtVerify(token, accessTokenKey(jwtSecret), {
    algorithms: ['HS256'],
    typ: ACCESS_TOKEN_TYP,
    requiredClaims: ['iss', 'sub', 'aud', 'exp', 'gid', 'scope'],
  });
  if (typeof payload.gid !== 'string' || typeof payload.scope !== 'string' || typeof payload.aud !== 'string') throw new Error('malformed claims');
  return payload as AccessClaims;
}
