import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ACTIVE_KEYS } from '../../api/services/users/api-keys.ts';
import { createTestApp, TEST_ADMIN_KEY } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

type Json = Record<string, any>;

// Self-service API keys (issue 12, item 6): a person lists, creates and revokes their own keys.
describe('GET/POST /api-keys, DELETE /api-keys/{key_id}', { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ worker: false });
  }, 120_000);
  afterAll(async () => t?.close());

  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const list = async (headers: Record<string, string>) => {
    const r = await t.app.inject({ method: 'GET', url: '/api-keys', headers });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { keys: Json[]; total: number; active: number };
  };
  const expectError = (r: { statusCode: number; json: () => any }, status: number, code: string) => {
    expect(r.statusCode).toBe(status);
    expect(r.json().error).toMatchObject({ code, message: expect.any(String) });
  };

  it('creates a key shown once, lists keys without their values, and a revoked key no longer authenticates', async () => {
    const user = await t.createUser();
    const before = await list(user.headers);
    expect(before).toMatchObject({ total: 1, active: 1 });
    expect(before.keys[0]).toEqual({
      id: expect.any(String),
      prefix: user.apiKey.slice(3, 13),
      created_at: expect.any(Number),
      // The key just authenticated this request: its use is recorded.
      last_used_at: expect.any(Number),
      revoked: false,
      revoked_at: null,
    });

    const created = await t.app.inject({ method: 'POST', url: '/api-keys', headers: user.headers });
    expect(created.statusCode, created.body).toBe(201);
    const fresh = created.json() as Json;
    expect(fresh.api_key).toMatch(/^sb_[a-z0-9]{10}_[A-Za-z0-9_-]{32}$/);
    expect(fresh).toMatchObject({ prefix: fresh.api_key.slice(3, 13), revoked: false, last_used_at: null });

    // The new key works, and the list (newest first) never carries a key's value.
    const listed = await list(bearer(fresh.api_key));
    expect(listed).toMatchObject({ total: 2, active: 2 });
    expect(listed.keys.map((k) => k.id)).toEqual([fresh.id, before.keys[0]!.id]);
    expect(JSON.stringify(listed)).not.toContain(fresh.api_key.slice(14));
    expect(listed.keys.every((k) => !('api_key' in k))).toBe(true);

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api-keys/${fresh.id}`, headers: user.headers });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ id: fresh.id, status: 'revoked', revoked: true, revoked_at: expect.any(Number) });
    const refused = await t.app.inject({ method: 'GET', url: '/api-keys', headers: bearer(fresh.api_key) });
    expectError(refused, 401, 'UNAUTHORIZED');
    // Revoking twice answers the same, and the list says it is revoked.
    const again = await t.app.inject({ method: 'DELETE', url: `/api-keys/${fresh.id}`, headers: user.headers });
    expect(again.statusCode).toBe(200);
    expect(again.json().revoked_at).toBe(revoked.json().revoked_at);
    expect((await list(user.headers)).keys.find((k) => k.id === fresh.id)).toMatchObject({ revoked: true, revoked_at: revoked.json().revoked_at });
  });

  it('lets a key revoke itself, but never the only active key', async () => {
    const user = await t.createUser();
    const [only] = (await list(user.headers)).keys;
    const last = await t.app.inject({ method: 'DELETE', url: `/api-keys/${only!.id}`, headers: user.headers });
    expectError(last, 409, 'CONFLICT');
    expect((await list(user.headers)).active).toBe(1);

    const second = (await t.app.inject({ method: 'POST', url: '/api-keys', headers: user.headers })).json() as Json;
    // The first key revokes itself: its answer is the last it gets.
    const self = await t.app.inject({ method: 'DELETE', url: `/api-keys/${only!.id}`, headers: user.headers });
    expect(self.statusCode, self.body).toBe(200);
    expectError(await t.app.inject({ method: 'GET', url: '/api-keys', headers: user.headers }), 401, 'UNAUTHORIZED');
    expect(await list(bearer(second.api_key))).toMatchObject({ total: 2, active: 1 });
  });

  it('answers 404 for another user’s key, exactly as for an unknown one', async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const [key] = (await list(owner.headers)).keys;
    expectError(await t.app.inject({ method: 'DELETE', url: `/api-keys/${key!.id}`, headers: other.headers }), 404, 'NOT_FOUND');
    expectError(await t.app.inject({ method: 'DELETE', url: `/api-keys/${randomUUID()}`, headers: other.headers }), 404, 'NOT_FOUND');
    expect((await list(owner.headers)).keys[0]).toMatchObject({ id: key!.id, revoked: false });
    // Nor does the other user see it.
    expect((await list(other.headers)).keys.map((k) => k.id)).not.toContain(key!.id);
  });

  it('refuses bad input in the spec form, the admin key (no user) and anonymous callers', async () => {
    const user = await t.createUser();
    const badId = await t.app.inject({ method: 'DELETE', url: '/api-keys/not-a-uuid', headers: user.headers });
    expectError(badId, 400, 'INVALID_REQUEST');
    expect(badId.json().error.details).toMatchObject({ parameter: 'key_id' });
    const extra = await t.app.inject({ method: 'POST', url: '/api-keys', headers: user.headers, payload: { name: 'ci' } });
    expectError(extra, 400, 'INVALID_REQUEST');
    expect((await t.app.inject({ method: 'POST', url: '/api-keys', headers: user.headers, payload: {} })).statusCode).toBe(201);
    expectError(await t.app.inject({ method: 'GET', url: '/api-keys' }), 401, 'UNAUTHORIZED');
    expectError(await t.app.inject({ method: 'POST', url: '/api-keys', headers: { 'x-admin-key': TEST_ADMIN_KEY } }), 403, 'FORBIDDEN');
  });

  it(`stops at ${MAX_ACTIVE_KEYS} active keys, also under concurrent requests`, async () => {
    const user = await t.createUser();
    const answers = await Promise.all(Array.from({ length: MAX_ACTIVE_KEYS + 3 }, () => t.app.inject({ method: 'POST', url: '/api-keys', headers: user.headers })));
    const statuses = answers.map((r) => r.statusCode);
    // One key existed: MAX - 1 more are made, the rest refused.
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_ACTIVE_KEYS - 1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    expect(answers.find((r) => r.statusCode === 409)!.json().error.details).toEqual({ limit: MAX_ACTIVE_KEYS });
    expect((await list(user.headers)).active).toBe(MAX_ACTIVE_KEYS);
  });

  it('is in the OpenAPI document with its success bodies', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Json;
    expect(Object.keys(doc.paths['/api-keys'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(doc.paths['/api-keys'].post.responses['201'].content['application/json'].schema.properties).toHaveProperty('api_key');
    expect(doc.paths['/api-keys/{key_id}'].delete.responses).toHaveProperty('200');
    expect(doc.paths['/api-keys/{key_id}'].delete.responses).toHaveProperty('404');
    expect(doc.paths['/api-keys/{key_id}'].delete.responses).toHaveProperty('409');
  });
});
