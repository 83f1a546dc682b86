import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCredentials } from '../../db/credentials/server-credentials.ts';
import { createCredentialCipher } from '../../platform/credentials/cipher.ts';
import { credentialStatus, loadServerCredentials, resealCredentials, saveServerCredentials } from '../../platform/credentials/store.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

// The functions the worker and the API call (platform/credentials/store.ts) on a real Postgres: what
// the worker loads, the status, and a key rotation's re-seal pass.

const key = () => randomBytes(32).toString('base64');
let t: TestApp;
let userId: string;
const SERVER = 'two-secrets';

beforeAll(async () => {
  t = await createTestApp({ worker: false });
  userId = (await t.createUser()).user.id;
  const created = await t.app.inject({
    method: 'POST',
    url: '/admin/mcp_registry',
    headers: t.adminHeaders,
    payload: { name: SERVER, display_name: 'Two', description: 'two secrets', url: 'https://example.com', icon: 'key', category: 'custom', authentication: { type: 'credentials', required: true, env_vars: ['API_ID', 'API_SECRET'] } },
  });
  expect(created.statusCode, created.body).toBe(201);
}, 120_000);
afterAll(() => t?.close());

describe('credential store', () => {
  it('says what is missing, then loads the clear values of declared names only', async () => {
    const cipher = createCredentialCipher(key());
    expect(await credentialStatus(t.db, userId, SERVER)).toMatchObject({ names: ['API_ID', 'API_SECRET'], missing: ['API_ID', 'API_SECRET'], set: [] });
    expect(await credentialStatus(t.db, userId, 'no-such-server')).toBeNull();
    await saveServerCredentials(t.db, cipher, userId, SERVER, { API_ID: 'id-1' });
    expect((await credentialStatus(t.db, userId, SERVER))?.missing).toEqual(['API_SECRET']);
    await saveServerCredentials(t.db, cipher, userId, SERVER, { API_SECRET: 'secret-1' });
    // A name the entry no longer declares (written past the service's check) never reaches the server.
    await saveCredentials(t.db, userId, SERVER, [{ name: 'STALE', ...cipher.seal('stale', { userId, serverKey: SERVER, name: 'STALE' }) }]);
    expect(await loadServerCredentials(t.db, cipher, userId, SERVER)).toEqual({ API_ID: 'id-1', API_SECRET: 'secret-1' });
    expect(await credentialStatus(t.db, null, SERVER)).toMatchObject({ missing: ['API_ID', 'API_SECRET'] });
  });

  it('re-seals every row with the current key after a rotation, leaves what no key opens', async () => {
    const [oldKey, newKey] = [key(), key()];
    const other = (await t.createUser()).user.id;
    await saveServerCredentials(t.db, createCredentialCipher(oldKey), other, SERVER, { API_ID: 'id-2', API_SECRET: 'secret-2' });
    const rotated = createCredentialCipher(newKey, [oldKey]);
    // The first test's rows were sealed with a key this ring lacks: counted, left alone.
    expect(await resealCredentials(t.db, rotated, 1)).toEqual({ resealed: 2, unreadable: 3 });
    expect(await loadServerCredentials(t.db, createCredentialCipher(newKey), other, SERVER)).toEqual({ API_ID: 'id-2', API_SECRET: 'secret-2' });
    expect(await resealCredentials(t.db, rotated)).toEqual({ resealed: 0, unreadable: 3 });
  });
});
