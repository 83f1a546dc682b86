import { afterAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../db/accounts.ts';
import { approve, consumeCode, consumeRefreshToken, grantWithUser, hasConsent, insertRefreshToken, revokeOwnGrant, saveClient } from '../../db/oauth/oauth.ts';
import { eachDriver } from '../support/database.ts';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

// The authorization server's state on both drivers: the embedded default (PGlite) and the
// production shape (Postgres). A code and a refresh token are each taken once, whoever asks.
describe.each(eachDriver(cleanups))('OAuth store (%s)', (_driver, open) => {
  it('takes a code and a refresh token once, remembers consent, forgets it on revoke', async () => {
    const handle = await open();
    await handle.migrate();
    const { user } = await createAccount(handle.db, { email: 'store@example.test' });
    await saveClient(handle.db, { clientId: 'sbc_store', kind: 'registered', name: 'Store', redirectUris: ['https://app.example/cb'] });
    const grant = { userId: user.id, clientId: 'sbc_store', resource: 'http://h/mcp', scope: 'search run', authAt: new Date() };
    const grantId = await approve(handle.db, grant, { codeHash: 'c1', redirectUri: 'https://app.example/cb', codeChallenge: 'x'.repeat(43), expiresAt: new Date(Date.now() + 60_000) });
    expect(await hasConsent(handle.db, grant)).toBe(true);

    const [first, second] = await Promise.all([consumeCode(handle.db, 'c1'), consumeCode(handle.db, 'c1')]);
    expect([first?.reused, second?.reused].sort()).toEqual([false, true]);
    expect(await consumeCode(handle.db, 'nope')).toBeUndefined();

    await insertRefreshToken(handle.db, { tokenHash: 'r1', grantId, expiresAt: new Date(Date.now() + 60_000) });
    const [a, b] = await Promise.all([consumeRefreshToken(handle.db, 'r1'), consumeRefreshToken(handle.db, 'r1')]);
    expect([a?.replayed, b?.replayed].sort()).toEqual([false, true]);

    expect((await grantWithUser(handle.db, grantId))?.user.id).toBe(user.id);
    expect(await revokeOwnGrant(handle.db, user.id, grantId)).toMatchObject({ id: grantId, revokedReason: 'user' });
    expect(await revokeOwnGrant(handle.db, user.id, grantId)).toBeUndefined();
    expect(await hasConsent(handle.db, grant)).toBe(false);
    expect((await grantWithUser(handle.db, grantId))?.grant.revokedAt).toBeInstanceOf(Date);
  });
});
