import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { insertServer } from './fixtures.ts';

let t: TestApp;
let server: string;

beforeAll(async () => {
  t = await createTestApp({ worker: false });
  server = await insertServer(t.db);
});
afterAll(async () => t?.close());

const url = (name: string) => `/mcp-moderation/servers/${name}/verification`;
const patch = (name: string, payload: unknown, headers: Record<string, string> = t.adminHeaders) =>
  t.app.inject({ method: 'PATCH', url: url(name), headers, payload: payload as object });

describe('verification', () => {
  it('starts unverified and not featured; unknown servers 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(server) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ server_name: server, status: 'unverified', featured: false, notes: '', verified_at: null, updated_at: null });
    expect((await t.app.inject({ method: 'GET', url: url('ghost-server') })).statusCode).toBe(404);
  });

  it('PATCH is admin only and validates its body', async () => {
    const u = await t.createUser();
    expect((await t.app.inject({ method: 'PATCH', url: url(server), payload: { status: 'verified' } })).statusCode).toBe(401);
    expect((await patch(server, { status: 'verified' }, u.headers)).statusCode).toBe(403);
    expect((await patch(server, {})).statusCode).toBe(400);
    expect((await patch(server, { status: 'approved' })).statusCode).toBe(400);
    expect((await patch(server, { featured: 'yes' })).statusCode).toBe(400);
  });

  it('refuses to feature an unverified server', async () => {
    const res = await patch(server, { featured: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toMatchObject({ parameter: 'featured', reason: 'requires_verified' });
  });

  it('verifies and features, lists it as featured with its rating, and un-features on rejection', async () => {
    const res = await patch(server, { status: 'verified', featured: true, notes: 'audited source' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'verified', featured: true, notes: 'audited source' });
    expect(typeof res.json().verified_at).toBe('number');

    const reviewer = await t.createUser();
    await t.app.inject({ method: 'POST', url: `/mcp-moderation/servers/${server}/reviews`, headers: reviewer.headers, payload: { rating: 4 } });
    const featured = await t.app.inject({ method: 'GET', url: '/mcp-moderation/servers/featured' });
    expect(featured.statusCode).toBe(200);
    const entry = featured.json().servers.find((s: { name: string }) => s.name === server);
    expect(entry).toMatchObject({ verification_status: 'verified', average_rating: 4, review_count: 1, display_name: server.toUpperCase() });

    const rejected = await patch(server, { status: 'rejected' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', featured: false, verified_at: null, notes: 'audited source' });
    const after = await t.app.inject({ method: 'GET', url: '/mcp-moderation/servers/featured' });
    expect(after.json().servers.find((s: { name: string }) => s.name === server)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/mcp-moderation/servers/featured?limit=0' })).statusCode).toBe(400);
  });
});

describe('GET /mcp-moderation/moderation/dashboard', () => {
  it('is admin only', async () => {
    const u = await t.createUser();
    expect((await t.app.inject({ method: 'GET', url: '/mcp-moderation/moderation/dashboard' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/mcp-moderation/moderation/dashboard', headers: u.headers })).statusCode).toBe(403);
  });

  it('counts flags by status, reviews, verification states and the most flagged servers', async () => {
    const flagged = await insertServer(t.db);
    for (let i = 0; i < 2; i++) {
      const u = await t.createUser();
      await t.app.inject({ method: 'POST', url: `/mcp-moderation/servers/${flagged}/flags`, headers: u.headers, payload: { reason: 'spam' } });
    }
    await patch(flagged, { status: 'pending' });
    const res = await t.app.inject({ method: 'GET', url: '/mcp-moderation/moderation/dashboard', headers: t.adminHeaders });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.flags).toMatchObject({ open: 2, resolved: 0, dismissed: 0, total: 2 });
    expect(body.most_flagged[0]).toEqual({ server_name: flagged, open_flags: 2 });
    expect(body.verification.pending).toBe(1);
    expect(body.verification.rejected).toBe(1);
    const sum = Object.values(body.verification as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBe(body.servers_total);
    expect(body.reviews).toEqual({ total: 1, average_rating: 4 });
  });
});
