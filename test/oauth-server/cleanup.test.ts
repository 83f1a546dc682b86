import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_CLEANUP_WORKFLOW, workflowArgs } from '../../contracts/index.ts';
import { oauthClients, oauthCodes, oauthGrants, oauthRefreshTokens } from '../../db/schema/index.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

// Issue 36: the authorization server's state does not grow forever. The scheduled workflow, on a
// real worker, removes expired codes, expired refresh tokens and those of revoked grants, and
// dynamically registered clients unused for 30 days (with their grants); it keeps a used refresh
// token that has not expired (its reuse is what detects theft) and metadata-document clients.
describe('the periodic OAuth cleanup', { timeout: 180_000 }, () => {
  let t: TestApp;
  const days = (n: number) => new Date(Date.now() - n * 86_400_000);
  const later = new Date(Date.now() + 3_600_000);

  beforeAll(async () => {
    t = await createTestApp();
    const { user } = await t.createUser({ plan: 'pro' });
    const client = (clientId: string, kind: 'registered' | 'metadata_document', createdAt: Date) => ({ clientId, kind, name: clientId, redirectUris: ['http://127.0.0.1/cb'], createdAt });
    await t.db.insert(oauthClients).values([client('stale', 'registered', days(40)), client('used', 'registered', days(40)), client('fresh', 'registered', new Date()), client('https://c.example/doc', 'metadata_document', days(40))]);
    const grant = (id: string, clientId: string, extra: Partial<typeof oauthGrants.$inferInsert> = {}) => ({ id, userId: user.id, clientId, resource: 'r', scope: 'search', authAt: days(40), ...extra });
    const [stale, used, revoked] = [randomUUID(), randomUUID(), randomUUID()];
    await t.db.insert(oauthGrants).values([
      grant(stale, 'stale', { createdAt: days(40), lastUsedAt: days(35) }),
      grant(used, 'used', { createdAt: days(40), lastUsedAt: days(1) }),
      grant(revoked, 'fresh', { revokedAt: new Date() }),
    ]);
    const code = (codeHash: string, grantId: string, expiresAt: Date) => ({ codeHash, grantId, redirectUri: 'http://127.0.0.1/cb', codeChallenge: 'c', expiresAt });
    await t.db.insert(oauthCodes).values([code('code-expired', used, days(1)), code('code-live', used, later)]);
    const refresh = (tokenHash: string, grantId: string, expiresAt: Date, usedAt: Date | null = null) => ({ tokenHash, grantId, expiresAt, usedAt });
    await t.db.insert(oauthRefreshTokens).values([
      refresh('rt-expired', used, days(1)),
      refresh('rt-used-live', used, later, new Date()),
      refresh('rt-live', used, later),
      refresh('rt-revoked', revoked, later),
      refresh('rt-stale-client', stale, later),
    ]);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const run = () =>
    t.temporal.client.workflow.execute(OAUTH_CLEANUP_WORKFLOW, { taskQueue: t.taskQueue, workflowId: `oauth-cleanup-${randomUUID()}`, args: workflowArgs(OAUTH_CLEANUP_WORKFLOW, {}) });

  it('removes what is dead or unused and keeps the rest, and a second run removes nothing', async () => {
    expect(await run()).toEqual({ codes: 1, refreshTokens: 2, clients: 1 });
    expect((await t.db.select().from(oauthCodes)).map((r) => r.codeHash)).toEqual(['code-live']);
    // The stale client's token went with its grant (cascade), not as a dead token.
    expect((await t.db.select().from(oauthRefreshTokens)).map((r) => r.tokenHash).sort()).toEqual(['rt-live', 'rt-used-live']);
    expect((await t.db.select().from(oauthClients)).map((r) => r.clientId).sort()).toEqual(['fresh', 'https://c.example/doc', 'used']);
    expect(await run()).toEqual({ codes: 0, refreshTokens: 0, clients: 0 });
  });
});
