import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

// The authorization server's open endpoints are metered (public_write, per address) and refuse
// past the limit in the OAuth form, with Retry-After: an OAuth client reads `error`, not ours.
describe('OAuth endpoints past their rate limit', { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ worker: false, env: { RATE_LIMITS: JSON.stringify({ free: { public_write: { day: 2 } } }) } });
  }, 120_000);
  afterAll(() => t?.close());

  it('answers 429 slow_down with Retry-After', async () => {
    const token = () =>
      t.app.inject({ method: 'POST', url: '/oauth/token', remoteAddress: '203.0.113.77', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=password' });
    for (let i = 0; i < 2; i++) expect((await token()).json()).toEqual({ error: 'unsupported_grant_type', error_description: expect.any(String) });
    const refused = await token();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'slow_down', error_description: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
