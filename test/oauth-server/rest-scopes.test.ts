import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeOfRoute } from '../../api/services/oauth/resources.ts';
import { serve } from '../console/browser.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { obtainTokens } from './helpers.ts';

// Issue 36: a REST token reaches only the operations its scopes name (search, run, jobs), mapped per
// operation rather than "any GET is search": a token of each scope against a route of each kind, and
// routes no scope opens (account, admin) refused to every one, with no scope offered to step up to.
describe('REST routes by OAuth scope', { timeout: 180_000 }, () => {
  let t: TestApp;
  let base: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    base = await serve(t);
    const { apiKey } = await t.createUser({ plan: 'pro' });
    for (const scope of ['search', 'run', 'jobs']) tokens[scope] = (await obtainTokens(base, apiKey, { resource: base, scope })).tokens.access_token as string;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const request = (token: string, method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const routes = [
    { kind: 'search', method: 'GET', path: '/v1/tools' },
    { kind: 'run', method: 'POST', path: '/v1/execute_tool', body: { tool_name: 'nowhere/none', params: {} } },
    { kind: 'jobs', method: 'GET', path: '/jobs' },
    { kind: null, method: 'GET', path: '/api-keys' },
    { kind: null, method: 'GET', path: '/webhooks' },
    { kind: null, method: 'GET', path: '/admin/users' },
  ];

  for (const scope of ['search', 'run', 'jobs']) {
    it(`a "${scope}" token reaches its own kind of route only`, async () => {
      for (const route of routes) {
        const answer = await request(tokens[scope] as string, route.method, route.path, route.body);
        const label = `${scope} → ${route.method} ${route.path}`;
        if (route.kind === scope) {
          expect(answer.status, label).not.toBe(403);
          expect(answer.status, label).toBeLessThan(500);
        } else {
          expect(answer.status, label).toBe(403);
          const challenge = answer.headers.get('www-authenticate');
          expect(challenge, label).toBe(route.kind ? `Bearer error="insufficient_scope", scope="${route.kind}"` : null);
        }
      }
    });
  }

  it('names only routes that exist (a misspelt entry would open nothing and drop the count)', () => {
    const mapped = t.app.routeTable.filter((route) => scopeOfRoute(route.method, route.url));
    expect(mapped.length).toBe(33);
    expect(scopeOfRoute('GET', '/jobs/:job_id')).toBe('jobs');
    expect(scopeOfRoute('POST', '/jobs/submit')).toBe('run');
    expect(scopeOfRoute('POST', '/api-keys')).toBeUndefined();
  });
});
