import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

// Subscription management in the production shape: private targets are refused by default.
// Public targets are IP literals: these machines resolve no public names.
describe('webhook subscriptions', { timeout: 30_000 }, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
  }, 60_000);
  afterAll(async () => t?.close());

  it('creates (secret once), lists, patches and deletes, only for the owner', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const created = await t.app.inject({ method: 'POST', url: '/webhooks', headers: user.headers, payload: { url: 'https://1.1.1.1/hook', events: ['job.completed'] } });
    expect(created.statusCode).toBe(201);
    const hook = created.json();
    expect(hook).toMatchObject({ url: 'https://1.1.1.1/hook', events: ['job.completed'], status: 'active', failed_attempts: 0, created_at: expect.any(Number) });
    expect(hook.secret).toBeDefined();

    const list = (await t.app.inject({ method: 'GET', url: '/webhooks', headers: user.headers })).json();
    expect(list.webhooks).toHaveLength(1);
    expect(list.webhooks[0].secret).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/webhooks', headers: other.headers })).json().webhooks).toEqual([]);

    const patched = await t.app.inject({ method: 'PATCH', url: `/webhooks/${hook.id}`, headers: user.headers, payload: { events: ['job.failed', 'tool.executed'], description: 'two' } });
    expect(patched.json()).toMatchObject({ events: ['job.failed', 'tool.executed'], description: 'two' });
    expect((await t.app.inject({ method: 'PATCH', url: `/webhooks/${hook.id}`, headers: other.headers, payload: { description: 'x' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/webhooks/${hook.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/webhooks/${hook.id}`, headers: user.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/webhooks', headers: user.headers })).json().webhooks).toEqual([]);
  });

  it('refuses non-http(s) URLs, unknown event kinds, and private, loopback or link-local targets', async () => {
    const user = await t.createUser();
    const create = (url: string, events = ['job.completed']) =>
      t.app.inject({ method: 'POST', url: '/webhooks', headers: user.headers, payload: { url, events } });
    for (const url of ['ftp://example.com/x', 'not a url', 'http://127.0.0.1:8080/hook', 'http://169.254.169.254/latest', 'http://10.1.2.3/', 'http://[::1]:80/', 'http://localhost:3000/']) {
      const r = await create(url);
      expect(r.statusCode, url).toBe(400);
      expect(r.json().error).toMatchObject({ code: 'INVALID_REQUEST', details: { parameter: 'url' } });
    }
    const kinds = await create('https://1.1.1.1/hook', ['job.exploded']);
    expect(kinds.statusCode).toBe(400);
    expect(kinds.json().error.code).toBe('INVALID_REQUEST');
    const hook = (await create('https://1.1.1.1/hook')).json();
    expect((await t.app.inject({ method: 'PATCH', url: `/webhooks/${hook.id}`, headers: user.headers, payload: { url: 'http://192.168.0.1/' } })).statusCode).toBe(400);
  });
});
