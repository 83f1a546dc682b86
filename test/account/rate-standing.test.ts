import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_KEY } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

type Json = Record<string, any>;

// GET /account/rate-limits (issue 12, item 6, "rate-limit standing"): the windows the rate-limit
// hook counts in, read without counting.
describe('GET /account/rate-limits', { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ worker: false });
  }, 120_000);
  afterAll(async () => t?.close());

  const standing = async (headers: Record<string, string>) => {
    const r = await t.app.inject({ method: 'GET', url: '/account/rate-limits', headers });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { plan: string; scopes: Json[] };
  };

  it('counts what the hook counted, agrees with its headers, and counts nothing itself', async () => {
    const user = await t.createUser({ plan: 'free' });
    const fresh = await standing(user.headers);
    expect(fresh.plan).toBe('free');
    expect(fresh.scopes.map((s) => `${s.scope}/${s.window}`)).toEqual([
      'execution/minute',
      'server_management/minute',
      'retrieval/minute',
      'retrieval/day',
      'public_write/minute',
      'public_read/minute',
      'indexing/minute',
      'indexing/day',
    ]);
    expect(fresh.scopes.find((s) => s.scope === 'server_management')).toMatchObject({ limit: 10, used: 0, remaining: 10, reset_at: expect.any(Number) });

    let last: { headers: Record<string, unknown> } | undefined;
    for (let i = 0; i < 3; i++) {
      last = await t.app.inject({ method: 'GET', url: '/custom-packs/packs', headers: user.headers });
    }
    const after = await standing(user.headers);
    const managing = after.scopes.find((s) => s.scope === 'server_management')!;
    // A window may have turned between the calls; then fewer are counted in the new one.
    expect(managing.used).toBeLessThanOrEqual(3);
    expect(managing.remaining).toBe(Number(last!.headers['x-ratelimit-remaining']));
    expect(managing.reset_at).toBe(Number(last!.headers['x-ratelimit-reset']));
    expect(managing.limit).toBe(Number(last!.headers['x-ratelimit-limit']));
    // Reading the standing is not a request of any limited scope.
    expect((await standing(user.headers)).scopes.find((s) => s.scope === 'server_management')!.used).toBe(managing.used);
    expect(after.scopes.find((s) => s.scope === 'execution')!.used).toBe(0);
  });

  it('is empty for a plan without limits, and needs a user', async () => {
    const user = await t.createUser({ plan: 'enterprise' });
    expect(await standing(user.headers)).toEqual({ plan: 'enterprise', scopes: [] });
    expect((await t.app.inject({ method: 'GET', url: '/account/rate-limits' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/account/rate-limits', headers: { 'x-admin-key': TEST_ADMIN_KEY } })).statusCode).toBe(403);
  });
});
