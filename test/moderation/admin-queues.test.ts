import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { insertServer } from './fixtures.ts';

// The admin's queues behind the console's moderation page (issue 12 item 7): every server's
// flags (GET /mcp-moderation/flags) and the servers in one verification status
// (GET /mcp-moderation/verifications). Not in the spec (decisions.md, "Console: moderation, analytics, users").

let t: TestApp;
let a: string;
let b: string;
let admin: Awaited<ReturnType<TestApp['createUser']>>;
let reporter: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  t = await createTestApp({ worker: false });
  a = await insertServer(t.db);
  b = await insertServer(t.db);
  admin = await t.createUser({ role: 'admin' });
  reporter = await t.createUser();
});
afterAll(async () => t?.close());

const flag = async (server: string, user = reporter) => {
  const res = await t.app.inject({ method: 'POST', url: `/mcp-moderation/servers/${server}/flags`, headers: user.headers, payload: { reason: 'spam', details: `on ${server}` } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string };
};

describe('GET /mcp-moderation/flags', () => {
  it('is for admins: 401 without credentials, 403 for a user, 200 for an admin-role user and the admin key', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/mcp-moderation/flags' })).statusCode).toBe(401);
    const user = await t.app.inject({ method: 'GET', url: '/mcp-moderation/flags', headers: reporter.headers });
    expect(user.statusCode).toBe(403);
    expect(user.json().error.code).toBe('FORBIDDEN');
    expect((await t.app.inject({ method: 'GET', url: '/mcp-moderation/flags', headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/mcp-moderation/flags', headers: t.adminHeaders })).statusCode).toBe(200);
  });

  it('lists open flags of every server with their reporter, newest first, and drops a resolved one', async () => {
    const first = await flag(a);
    const second = await flag(b);
    const open = await t.app.inject({ method: 'GET', url: '/mcp-moderation/flags', headers: admin.headers });
    expect(open.json().pagination).toEqual({ limit: 20, offset: 0, total: 2 });
    expect(open.json().flags.map((f: { id: string }) => f.id)).toEqual([second.id, first.id]);
    expect(open.json().flags[0]).toMatchObject({ server_name: b, reported_by: reporter.user.id, status: 'open', details: `on ${b}` });

    const patched = await t.app.inject({ method: 'PATCH', url: `/mcp-moderation/flags/${first.id}`, headers: admin.headers, payload: { status: 'resolved' } });
    expect(patched.json()).toMatchObject({ status: 'resolved', resolved_by: admin.user.id });
    const after = await t.app.inject({ method: 'GET', url: '/mcp-moderation/flags', headers: admin.headers });
    expect(after.json().flags.map((f: { id: string }) => f.id)).toEqual([second.id]);
    const resolved = await t.app.inject({ method: 'GET', url: '/mcp-moderation/flags?status=resolved', headers: admin.headers });
    expect(resolved.json().flags.map((f: { id: string }) => f.id)).toEqual([first.id]);
    const all = await t.app.inject({ method: 'GET', url: '/mcp-moderation/flags?status=all&limit=1&offset=1', headers: admin.headers });
    expect(all.json()).toMatchObject({ flags: [{ id: first.id }], pagination: { limit: 1, offset: 1, total: 2 } });
  });

  it('rejects an unknown status in the nested form', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/mcp-moderation/flags?status=closed', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'INVALID_REQUEST', details: { parameter: 'status' } });
  });
});

describe('GET /mcp-moderation/verifications', () => {
  it('is for admins', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/mcp-moderation/verifications', headers: reporter.headers })).statusCode).toBe(403);
  });

  it('lists the servers in one status (pending by default); a server without a record is unverified; custom servers stay out', async () => {
    const owner = await t.createUser();
    const custom = await insertServer(t.db, { ownerUserId: owner.user.id });
    const pending = await t.app.inject({ method: 'PATCH', url: `/mcp-moderation/servers/${a}/verification`, headers: admin.headers, payload: { status: 'pending', notes: 'asked for source' } });
    expect(pending.statusCode).toBe(200);

    const queue = await t.app.inject({ method: 'GET', url: '/mcp-moderation/verifications', headers: admin.headers });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().servers.map((s: { server_name: string }) => s.server_name)).toContain(a);
    expect(queue.json().servers.find((s: { server_name: string }) => s.server_name === a)).toMatchObject({ status: 'pending', notes: 'asked for source' });
    expect(queue.json().servers.every((s: { status: string }) => s.status === 'pending')).toBe(true);

    const unverified = await t.app.inject({ method: 'GET', url: '/mcp-moderation/verifications?status=unverified&limit=100', headers: admin.headers });
    const names = unverified.json().servers.map((s: { server_name: string }) => s.server_name);
    expect(names).toContain(b);
    expect(names).not.toContain(a);
    expect(names).not.toContain(custom);
    expect(unverified.json().pagination.total).toBeGreaterThanOrEqual(1);

    await t.app.inject({ method: 'PATCH', url: `/mcp-moderation/servers/${a}/verification`, headers: admin.headers, payload: { status: 'verified' } });
    const later = await t.app.inject({ method: 'GET', url: '/mcp-moderation/verifications', headers: admin.headers });
    expect(later.json().servers.map((s: { server_name: string }) => s.server_name)).not.toContain(a);
  });
});
