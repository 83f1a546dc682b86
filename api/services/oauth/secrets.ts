import { createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The authorization server's signing key, derived from JWT_SECRET (HKDF, its own label): every
 * replica of the scale-out shape holds JWT_SECRET already, so none needs a key store, and an
 * access token can never pass for a session token (a different key) nor the reverse.
 */
export function accessTokenKey(jwtSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', jwtSecret, 'switchboard', 'oauth access tokens v1', 32));
}

/** The key of the signed authorization-request handle the consent page carries. */
export function requestHandleKey(jwtSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', jwtSecret, 'switchboard', 'oauth authorization requests v1', 32));
}

/** A fresh bearer secret (a code, a refresh token): 256 bits. */
export const newSecret = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

/** Codes and refresh tokens are stored as this hash only. */
export const hashSecret = (value: string) => createHash('sha256').update(value).digest('hex');

/** PKCE S256 (RFC 7636 section 4.6): BASE64URL(SHA256(verifier)). */
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
