import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Where a ciphertext belongs: bound as AAD, so a stored value cannot be moved to another row. */
export interface CredentialSlot {
  userId: string;
  serverKey: string;
  name: string;
}

export interface SealedCredential {
  /** base64 of iv (12 bytes) | tag (16 bytes) | ciphertext. */
  ciphertext: string;
  /** Which key sealed it: the first 16 hex digits of the key's SHA-256 (never the key). */
  keyId: string;
}

/** AES-256-GCM over a key ring: seals with the current key, opens with any key of the ring. */
export interface CredentialCipher {
  readonly keyId: string;
  seal(value: string, slot: CredentialSlot): SealedCredential;
  open(sealed: SealedCredential, slot: CredentialSlot): string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export class CredentialKeyError extends Error {
  constructor(keyId: string) {
    super(`no configured key has id ${keyId}: set CREDENTIALS_PREVIOUS_KEYS to the key it was sealed with (docs/operators.md)`);
    this.name = 'CredentialKeyError';
  }
}

function decodeKey(base64: string): Buffer {
  const key = Buffer.from(base64.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== 32) throw new Error('a credentials key must be 32 bytes in base64');
  return key;
}

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 16);

// Length-prefixed parts: with a plain separator, ("a:b","c") and ("a","b:c") would be one AAD.
function aadOf(slot: CredentialSlot): Buffer {
  const parts = [slot.userId, slot.serverKey, slot.name].map((part) => Buffer.from(part, 'utf8'));
  return Buffer.concat(parts.flatMap((part) => [Buffer.from(`${part.length}:`), part]));
}

/**
 * The credential store's cipher: `current` seals, `previous` (older CREDENTIALS_KEYs) only
 * open, so a rotation is "new key current, old key previous, re-seal, drop the old one".
 */
export function createCredentialCipher(current: string, previous: readonly string[] = []): CredentialCipher {
  const currentKey = decodeKey(current);
  const ring = new Map<string, Buffer>();
  for (const key of [currentKey, ...previous.map(decodeKey)]) ring.set(keyIdOf(key), key);
  const keyId = keyIdOf(currentKey);
  return {
    keyId,
    seal(value, slot) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', currentKey, iv);
      cipher.setAAD(aadOf(slot));
      const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return { ciphertext: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64'), keyId };
    },
    open(sealed, slot) {
      const key = ring.get(sealed.keyId);
      if (!key) throw new CredentialKeyError(sealed.keyId);
      const raw = Buffer.from(sealed.ciphertext, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(aadOf(slot));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      // A tampered, moved or foreign ciphertext fails here (GCM's tag), never decrypts to garbage.
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/** The cipher of a process: its current key (configured, or generated in the embedded mode) and CREDENTIALS_PREVIOUS_KEYS. */
export function credentialCipherOf(config: { CREDENTIALS_PREVIOUS_KEYS: readonly string[] }, secrets: { credentialsKey: string }): CredentialCipher {
  return createCredentialCipher(secrets.credentialsKey, config.CREDENTIALS_PREVIOUS_KEYS);
}
