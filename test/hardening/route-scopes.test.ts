import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNMETERED_ANONYMOUS_ROUTES, unmeteredAnonymousRoutes } from '../../api/route-scopes.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

// Issue 33, item 7: POST /free-tools/run, /tools/selection-log, /recommender and the catalog
// reads took any number of anonymous calls, because a route without `rateScope` in its config
// is never counted. Every route the application registers is checked here, so a new one that
// anyone may call cannot silently go without a scope: it gets one, or an entry with a reason.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ worker: false });
});
afterAll(() => t?.close());

describe('rate scopes', () => {
  it('every route reachable without credentials has a rate scope or a stated reason', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(100);
    expect(unmeteredAnonymousRoutes(t.app.routeTable)).toEqual([]);
  });

  it('the exempt list stays short and names no route that writes, searches or runs', () => {
    expect(Object.keys(UNMETERED_ANONYMOUS_ROUTES).length).toBeLessThanOrEqual(10);
    expect(Object.keys(UNMETERED_ANONYMOUS_ROUTES).every((key) => key.startsWith('GET '))).toBe(true);
  });

  it('the audit sees a route without one', () => {
    const route = { method: 'POST', url: '/new-anonymous-thing', config: { auth: 'optional' as const } };
    expect(unmeteredAnonymousRoutes([...t.app.routeTable, route])).toEqual(['POST /new-anonymous-thing']);
    expect(unmeteredAnonymousRoutes([{ ...route, config: { auth: 'required' as const } }])).toEqual([]);
  });

  it('the costly routes that need a user have one too', () => {
    const scopeOf = (method: string, url: string) => t.app.routeTable.find((r) => r.method === method && r.url === url)?.config.rateScope;
    expect(scopeOf('POST', '/v2/index_tools')).toBe('indexing');
    expect(scopeOf('POST', '/agent/execute')).toBe('retrieval');
  });
});
