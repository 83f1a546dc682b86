import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API keys look like `sb_<prefix>_<secret>`: the 10-character prefix is stored in clear to
 * find the key (and to revoke it by name); only a SHA-256 of the whole key is stored. Keys
 * carry 190 bits of randomness, so a fast hash is enough (no password-style stretching).
 */
const KEY_PATTERN = /^sb_([a-z0-9]{10})_([A-Za-z0-9_-]{32})$/;

export interface NewApiKey {
  key: string;
  prefix: string;
  hash: string;
}

export function generateApiKey(): NewApiKey {
  const prefix = randomBytes(8).toString('hex').slice(0, 10);
  const secret = randomBytes(24).toString('base64url');
  const key = `sb_${prefix}_${secret}`;
  return { key, prefix, hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The lookup prefix of a well-formed key, or null when the value cannot be one of ours. */
export function apiKeyPrefix(key: string): string | null {
  return KEY_PATTERN.exec(key)?.[1] ?? null;
}

/** The secret part of a well-formed key (what must never be stored or logged), or null. */
export function apiKeySecret(key: string): string | null {
  return KEY_PATTERN.exec(key)?.[2] ?? null;
}

/** Constant-time comparison of two secrets of any length. */
export function secretsEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}
