import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { insertServer } from './fixtures.ts';

let t: TestApp;
let server: string;
let reporter: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  t = await createTestApp({ worker: false });
  server = await insertServer(t.db);
  reporter = await t.createUser();
});
afterAll(async () => t?.close());

const flagsUrl = (name: string) => `/mcp-moderation/servers/${name}/flags`;

describe('POST /mcp-moderation/servers/{server_name}/flags', () => {
  it('needs a user identity: 401 without credentials, 403 with the admin key', async () => {
    const none = await t.app.inject({ method: 'POST', url: flagsUrl(server), payload: { reason: 'spam' } });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHORIZED');
    const admin = await t.app.inject({ method: 'POST', url: flagsUrl(server), headers: t.adminHeaders, payload: { reason: 'spam' } });
    expect(admin.statusCode).toBe(403);
  });

  it('rejects an unknown reason and unknown fields with 400 in the nested form', async () => {
    const bad = await t.app.inject({ method: 'POST', url: flagsUrl(server), headers: reporter.headers, payload: { reason: 'meh' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'INVALID_REQUEST', details: { parameter: 'reason' } });
    const extra = await t.app.inject({ method: 'POST', url: flagsUrl(server), headers: reporter.headers, payload: { reason: 'spam', x: 1 } });
    expect(extra.statusCode).toBe(400);
  });

  it('404s an unknown server and another user\'s custom server', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: flagsUrl('no-such-server'), headers: reporter.headers, payload: { reason: 'spam' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('SERVER_NOT_FOUND');
    const owner = await t.createUser();
    const custom = await insertServer(t.db, { ownerUserId: owner.user.id });
    const hidden = await t.app.inject({ method: 'POST', url: flagsUrl(custom), headers: reporter.headers, payload: { reason: 'spam' } });
    expect(hidden.statusCode).toBe(404);
  });

  it('creates a flag (201) and refuses a second open one from the same user (409)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: flagsUrl(server),
      headers: reporter.headers,
      payload: { reason: 'broken', details: 'tools/list times out' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      server_name: server,
      reason: 'broken',
      details: 'tools/list times out',
      status: 'open',
      reported_by: reporter.user.id,
      resolved_by: null,
      resolved_at: null,
    });
    expect(typeof res.json().created_at).toBe('number');
    const again = await t.app.inject({ method: 'POST', url: flagsUrl(server), headers: reporter.headers, payload: { reason: 'spam' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONFLICT');
  });
});

describe('GET /mcp-moderation/servers/{server_name}/flags', () => {
  it('lists flags publicly without the reporter, filtered by status', async () => {
    const res = await t.app.inject({ method: 'GET', url: flagsUrl(server) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.server_name).toBe(server);
    expect(body.flags.length).toBeGreaterThanOrEqual(1);
    expect(body.flags[0]).not.toHaveProperty('reported_by');
    expect(body.pagination).toMatchObject({ limit: 20, offset: 0, total: body.flags.length });
    const resolved = await t.app.inject({ method: 'GET', url: `${flagsUrl(server)}?status=resolved` });
    expect(resolved.json().flags).toEqual([]);
  });

  it('400s a bad status or limit and 404s an unknown server', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${flagsUrl(server)}?status=closed` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${flagsUrl(server)}?limit=0` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: flagsUrl('nope-nope') })).statusCode).toBe(404);
  });
});

describe('PATCH /mcp-moderation/flags/{flag_id}', () => {
  it('is admin only and validates the id and body', async () => {
    const list = await t.app.inject({ method: 'GET', url: flagsUrl(server) });
    const id = list.json().flags[0].id;
    const url = `/mcp-moderation/flags/${id}`;
    expect((await t.app.inject({ method: 'PATCH', url, payload: { status: 'resolved' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url, headers: reporter.headers, payload: { status: 'resolved' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: '/mcp-moderation/flags/not-a-uuid', headers: t.adminHeaders, payload: { status: 'resolved' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url, headers: t.adminHeaders, payload: { status: 'gone' } })).statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/mcp-moderation/flags/00000000-0000-4000-8000-000000000000',
      headers: t.adminHeaders,
      payload: { status: 'resolved' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('resolves with a note and who did it, then lets the user flag again; reopening then conflicts', async () => {
    const list = await t.app.inject({ method: 'GET', url: flagsUrl(server) });
    const id = list.json().flags[0].id;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/mcp-moderation/flags/${id}`,
      headers: t.adminHeaders,
      payload: { status: 'resolved', resolution: 'maintainer fixed the timeout' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'resolved', resolution: 'maintainer fixed the timeout', resolved_by: 'admin-key' });
    expect(typeof res.json().resolved_at).toBe('number');

    const again = await t.app.inject({ method: 'POST', url: flagsUrl(server), headers: reporter.headers, payload: { reason: 'spam' } });
    expect(again.statusCode).toBe(201);
    const reopen = await t.app.inject({ method: 'PATCH', url: `/mcp-moderation/flags/${id}`, headers: t.adminHeaders, payload: { status: 'open' } });
    expect(reopen.statusCode).toBe(409);

    const adminUser = await t.createUser({ role: 'admin' });
    const dismiss = await t.app.inject({ method: 'PATCH', url: `/mcp-moderation/flags/${again.json().id}`, headers: adminUser.headers, payload: { status: 'dismissed' } });
    expect(dismiss.json()).toMatchObject({ status: 'dismissed', resolved_by: adminUser.user.id, resolution: null });
  });
});
