import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { findConnection } from '../../db/oauth-client/connections.ts';
import { createCredentialCipher } from '../../platform/credentials/cipher.ts';
import { bearerSource, OAuthReconnectRequired } from '../../platform/oauth-client/bearer.ts';
import { createLogger } from '../../platform/logger.ts';
import { TEST_CREDENTIALS_KEY } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { remoteOAuthSetup } from './helpers.ts';
import type { OAuthStandIn } from './stand-in.ts';

// One refresh per user and server across processes (issue 36): two bearer sources on two
// separate connection pools to the same database (as two workers would hold) refresh a stale
// token at once; the row lock lets one of them spend the refresh token, the other takes the
// result. With the stand-in's rotation and reuse detection, a second refresh would end the grant.

let standIn: OAuthStandIn;
let t: TestApp;
let close: () => Promise<void>;
let other: DatabaseHandle;
let userId: string;

beforeAll(async () => {
  ({ standIn, t, close } = await remoteOAuthSetup());
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const user = await t.createUser({ plan: 'pro' });
  userId = user.user.id;
  const started = await fetch(`${base}/mcp_servers/remote/connection`, { method: 'POST', headers: user.headers });
  const link = new URL(((await started.json()) as { authorization_url: string }).authorization_url);
  link.searchParams.set('login_hint', 'erin');
  expect((await fetch(link)).status).toBe(200);
  other = openDatabase({ url: t.config.DATABASE_URL, dataDir: t.config.DATA_DIR, maxConnections: 3 });
}, 180_000);
afterAll(async () => {
  await other?.close();
  await close?.();
});

describe('token refresh across processes', { timeout: 60_000 }, () => {
  const sources = () => {
    const deps = { cipher: createCredentialCipher(TEST_CREDENTIALS_KEY), logger: createLogger('silent'), policy: { allowPrivate: true } };
    return [bearerSource({ ...deps, db: t.db }, userId, 'remote'), bearerSource({ ...deps, db: other.db }, userId, 'remote')] as const;
  };

  it('a stale token is refreshed once for concurrent callers on two connection pools', async () => {
    // The token is about to expire, as both "workers" see it.
    await t.db.execute(sql`update oauth_connections set expires_at = now() + interval '5 seconds'`);
    const [a, b] = sources();
    const tokens = await Promise.all([a.current(), b.current(), a.current(), b.current(), a.current(), b.current()]);
    expect(new Set(tokens).size).toBe(1);
    expect(standIn.refreshes.get('erin')).toBe(1);
    const connection = await findConnection(t.db, userId, 'remote');
    expect(connection?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
  });

  it('a 401 on the same token from both: one refresh; a refused refresh: both told to reconnect, the row marked', async () => {
    const [a, b] = sources();
    const rejected = await a.current();
    const [x, y] = await Promise.all([a.afterRejected(rejected), b.afterRejected(rejected)]);
    expect(x).toBe(y);
    expect(x).not.toBe(rejected);
    expect(standIn.refreshes.get('erin')).toBe(2);

    standIn.revoke('erin');
    const outcomes = await Promise.allSettled([a.afterRejected(x), b.afterRejected(x)]);
    for (const outcome of outcomes) expect(outcome.status === 'rejected' && outcome.reason instanceof OAuthReconnectRequired).toBe(true);
    expect((await findConnection(t.db, userId, 'remote'))?.status).toBe('needs_reconnect');
    await expect(a.current()).rejects.toBeInstanceOf(OAuthReconnectRequired);
  });
});
