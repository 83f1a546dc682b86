import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_KEY } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

// Small limits so the test reaches them; the defaults are the spec's figures (api/rate-limits.ts).
const RATE_LIMITS = JSON.stringify({
  free: { server_management: { minute: 3 }, retrieval: { minute: 100, day: 2 }, public_write: { minute: 2 } },
  pro: { server_management: { minute: 5 } },
});

// The limiter's clock (AppDeps.now) stands 10 s into a minute: every count below falls in one
// fixed window however long the run takes, where the tests used to sleep past a minute's edge.
const MINUTE_START = Math.floor(Date.now() / 60_000) * 60_000;
const clock = () => MINUTE_START + 10_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ worker: false, env: { RATE_LIMITS }, now: clock });
});
afterAll(() => t?.close());

// A server-management call that changes nothing: toggling an unknown server is a 404, and
// the limiter counts it before the handler runs.
const listServers = (app: TestApp['app'], headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/mcp_servers/toggle', headers, payload: { server: 'no-such-server', enabled: true } });

describe('rate limits', () => {
  it('counts per plan and scope, with headers, then answers 429 with retry_after', async () => {
    const user = await t.createUser({ plan: 'free' });
    for (let i = 1; i <= 3; i++) {
      const response = await listServers(t.app, user.headers);
      expect(response.statusCode).toBe(404);
      expect(response.headers['x-ratelimit-limit']).toBe('3');
      expect(response.headers['x-ratelimit-remaining']).toBe(String(3 - i));
      // The window's end, on the limiter's clock.
      expect(Number(response.headers['x-ratelimit-reset'])).toBe(MINUTE_START / 1000 + 60);
    }
    const limited = await listServers(t.app, user.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', retry_after: expect.any(Number) });
    expect(limited.json().error.retry_after).toBe(50);
    expect(limited.headers['retry-after']).toBe(String(limited.json().error.retry_after));

    const pro = await t.createUser({ plan: 'pro' });
    expect((await listServers(t.app, pro.headers)).headers['x-ratelimit-limit']).toBe('5');
    expect((await listServers(t.app, { 'x-admin-key': TEST_ADMIN_KEY })).headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('limits the writes that take anonymous callers by address, each route in one public_write count', async () => {
    // An address of its own (inject sets remoteAddress), so other tests' calls do not count here.
    const from = { remoteAddress: '10.9.0.1' };
    const track = () => t.app.inject({ method: 'POST', url: '/mcp-analytics/analytics/track', payload: { event_type: 'search' }, ...from });
    const first = await track();
    expect(first.statusCode).toBe(201);
    expect(first.headers['x-ratelimit-limit']).toBe('2');
    const poll = await t.app.inject({ method: 'POST', url: '/auth/cli/poll', payload: { device_code: 'x'.repeat(43) }, ...from });
    expect(poll.headers['x-ratelimit-remaining']).toBe('0');
    const limited = await track();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', retry_after: expect.any(Number) });
    // Another address is counted apart.
    const other = await t.app.inject({ method: 'POST', url: '/mcp-analytics/analytics/track', payload: { event_type: 'search' }, remoteAddress: '10.8.0.1' });
    expect(other.statusCode).toBe(201);
  });

  it('shares counters between API replicas through the database', async () => {
    const replica = await t.replica();
    try {
      const user = await t.createUser({ plan: 'free' });
      expect((await listServers(t.app, user.headers)).statusCode).toBe(404);
      expect((await listServers(replica, user.headers)).headers['x-ratelimit-remaining']).toBe('1');
      expect((await listServers(t.app, user.headers)).statusCode).toBe(404);
      expect((await listServers(replica, user.headers)).statusCode).toBe(429);
    } finally {
      await replica.close();
    }
  });

  it('applies the daily window of retrieval to anonymous callers by address', async () => {
    const search = () => t.app.inject({ method: 'GET', url: '/retrieve_tools?query=echo', remoteAddress: '10.9.8.7' });
    expect((await search()).statusCode).toBe(200);
    const second = await search();
    expect(second.headers['x-ratelimit-limit']).toBe('2');
    expect(second.headers['x-ratelimit-remaining']).toBe('0');
    const third = await search();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ error: 'Too Many Requests', code: 'RATE_LIMITED' });
    const elsewhere = await t.app.inject({ method: 'GET', url: '/retrieve_tools?query=echo', remoteAddress: '10.9.8.8' });
    expect(elsewhere.statusCode).toBe(200);
  });
});
