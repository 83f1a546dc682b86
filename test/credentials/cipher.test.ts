import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { createCredentialCipher, CredentialKeyError } from '../../platform/credentials/cipher.ts';
import { declaredCredentials } from '../../platform/credentials/store.ts';
import { resolveSecrets } from '../../platform/secrets.ts';

// The credential store's cipher and key handling (issue 35, item 4): AES-256-GCM, the row bound
// as AAD, a key ring for rotation, the key generated once in the embedded mode.

const key = () => randomBytes(32).toString('base64');
const slot = { userId: 'u1', serverKey: 'github', name: 'GITHUB_TOKEN' };
const scratch = mkdtempSync(join(tmpdir(), 'credentials-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('credential cipher', () => {
  it('opens what it sealed, and the ciphertext holds nothing of the value', () => {
    const cipher = createCredentialCipher(key());
    const sealed = cipher.seal('ghp_secret-value', slot);
    expect(sealed.keyId).toBe(cipher.keyId);
    expect(sealed.ciphertext).not.toContain('secret');
    expect(Buffer.from(sealed.ciphertext, 'base64').toString('latin1')).not.toContain('secret');
    expect(cipher.open(sealed, slot)).toBe('ghp_secret-value');
    // A fresh IV each time: the same value never seals to the same text.
    expect(cipher.seal('ghp_secret-value', slot).ciphertext).not.toBe(sealed.ciphertext);
  });

  it('refuses a ciphertext moved to another user, server or name, or altered', () => {
    const cipher = createCredentialCipher(key());
    const sealed = cipher.seal('value', slot);
    for (const moved of [{ ...slot, userId: 'u2' }, { ...slot, serverKey: 'gitlab' }, { ...slot, name: 'OTHER' }]) {
      expect(() => cipher.open(sealed, moved)).toThrow();
    }
    // Length-prefixed parts: shifting a character between two parts is another slot.
    expect(() => cipher.open(cipher.seal('v', { userId: 'a', serverKey: 'bc', name: 'N' }), { userId: 'ab', serverKey: 'c', name: 'N' })).toThrow();
    const raw = Buffer.from(sealed.ciphertext, 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => cipher.open({ ...sealed, ciphertext: raw.toString('base64') }, slot)).toThrow();
  });

  it('opens with a previous key after a rotation, and names a key it does not have', () => {
    const [oldKey, newKey] = [key(), key()];
    const sealed = createCredentialCipher(oldKey).seal('value', slot);
    const rotated = createCredentialCipher(newKey, [oldKey]);
    expect(rotated.open(sealed, slot)).toBe('value');
    expect(rotated.seal('value', slot).keyId).not.toBe(sealed.keyId);
    expect(() => createCredentialCipher(newKey).open(sealed, slot)).toThrow(CredentialKeyError);
  });
});

describe('credentials key configuration', () => {
  it('is required in the production shape and must be 32 bytes of base64', () => {
    const production = { DATABASE_URL: 'postgres://u:p@localhost:5432/db', TEMPORAL_ADDRESS: 'localhost:7233', ADMIN_KEY: 'a'.repeat(16), JWT_SECRET: 'b'.repeat(32) };
    expect(() => loadConfig(production)).toThrow(/CREDENTIALS_KEY: required/);
    expect(() => loadConfig({ ...production, CREDENTIALS_KEY: 'short' })).toThrow(/CREDENTIALS_KEY: must be 32 bytes/);
    expect(() => loadConfig({ ...production, CREDENTIALS_KEY: key(), CREDENTIALS_PREVIOUS_KEYS: `${key()},nope` })).toThrow(/CREDENTIALS_PREVIOUS_KEYS/);
    expect(loadConfig({ ...production, CREDENTIALS_KEY: key(), CREDENTIALS_PREVIOUS_KEYS: `${key()}, ${key()}` }).CREDENTIALS_PREVIOUS_KEYS).toHaveLength(2);
  });

  it('is generated once into secrets.json in the embedded mode, and kept', () => {
    const dataDir = join(scratch, 'embedded');
    const first = resolveSecrets(loadConfig({ DATA_DIR: dataDir }));
    expect(Buffer.from(first.credentialsKey, 'base64')).toHaveLength(32);
    expect(resolveSecrets(loadConfig({ DATA_DIR: dataDir })).credentialsKey).toBe(first.credentialsKey);
    const file = join(dataDir, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).credentialsKey).toBe(first.credentialsKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('declared credentials', () => {
  it('reads env_var and env_vars of a stdio entry, and headers of an HTTP one', () => {
    expect(declaredCredentials({ authentication: { type: 'token', required: true, env_var: 'A', setup_url: 'https://x.example' }, launchType: 'stdio' })).toEqual({
      kind: 'env',
      names: ['A'],
      required: true,
      setupUrl: 'https://x.example',
    });
    expect(declaredCredentials({ authentication: { type: 'credentials', required: true, env_vars: ['A', 'B'] }, launchType: null }).names).toEqual(['A', 'B']);
    expect(declaredCredentials({ authentication: { type: 'token', required: true, env_var: 'A', headers: ['Authorization'] }, launchType: 'streamable-http' })).toMatchObject({
      kind: 'header',
      names: ['Authorization'],
    });
    // Required with nothing to set is not required: nobody could ever satisfy it.
    expect(declaredCredentials({ authentication: { type: 'none', required: true }, launchType: 'stdio' }).required).toBe(false);
    expect(declaredCredentials({ authentication: null, launchType: 'stdio' })).toMatchObject({ names: [], required: false });
  });
});
