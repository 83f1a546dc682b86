import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCodes } from '../../db/schema/index.ts';
import { signSessionToken } from '../../api/auth/tokens.ts';
import { createTestApp, TEST_JWT_SECRET } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ worker: false });
});
afterAll(async () => t?.close());

const start = (payload?: object) =>
  t.app.inject({ method: 'POST', url: '/auth/cli/start', ...(payload ? { payload } : {}), headers: { host: 'switchboard.test' } });
const poll = (device_code: unknown) => t.app.inject({ method: 'POST', url: '/auth/cli/poll', payload: { device_code } });
const complete = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/auth/cli/complete', headers, payload });

describe('device-code login', () => {
  it('start answers the codes, verification URLs, lifetime and poll interval', async () => {
    const res = await start({ client_name: 'switchboard-cli' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ verification_url: 'http://switchboard.test/console/device', expires_in: 600, interval: 5 });
    expect(body.user_code).toMatch(/^[B-DF-HJ-NP-TV-XZ]{4}-[B-DF-HJ-NP-TV-XZ]{4}$/);
    expect(body.device_code.length).toBeGreaterThanOrEqual(40);
    expect(body.verification_url_complete).toBe(`http://switchboard.test/console/device?user_code=${body.user_code}`);
    expect((await start()).statusCode).toBe(200);
    expect((await start({ client_name: '' })).statusCode).toBe(400);
    expect((await start({ other: 1 })).statusCode).toBe(400);
  });

  it('the verification page describes the pending request', async () => {
    const { user_code } = (await start({ client_name: 'laptop' })).json();
    const res = await t.app.inject({ method: 'GET', url: `/auth/cli/verify?user_code=${user_code.toLowerCase().replace('-', '')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_code, status: 'pending', client_name: 'laptop', approve: { path: '/auth/cli/complete' } });
    expect((await t.app.inject({ method: 'GET', url: '/auth/cli/verify?user_code=BBBB-BBBB' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/auth/cli/verify' })).statusCode).toBe(400);
  });

  it('poll is pending, then complete with a working token exactly once, then refused', async () => {
    const u = await t.createUser();
    const { device_code } = (await start()).json();
    const pending = await poll(device_code);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toMatchObject({ status: 'pending', interval: 5 });

    const approved = await complete(u.headers, { device_code });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect((await complete(u.headers, { device_code })).statusCode).toBe(200);

    const done = await poll(device_code);
    expect(done.statusCode).toBe(200);
    const body = done.json();
    expect(body).toMatchObject({ status: 'complete', token_type: 'Bearer', user: { id: u.user.id } });
    const me = await t.app.inject({ method: 'GET', url: '/billing/user-limits', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.statusCode).toBe(200);

    const again = await poll(device_code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.details).toMatchObject({ parameter: 'device_code', reason: 'already_used' });
    const other = await t.createUser();
    expect((await complete(other.headers, { device_code })).statusCode).toBe(409);
  });

  it('a start asking for api_key gets a revocable key of its own with the token, and only then', async () => {
    const u = await t.createUser();
    const { device_code } = (await start({ client_name: 'cli', api_key: true })).json();
    await complete(u.headers, { device_code });
    const done = (await poll(device_code)).json();
    expect(done).toMatchObject({ status: 'complete', api_key: { prefix: expect.any(String), revoked: false } });
    const key: string = done.api_key.api_key;
    expect(key.startsWith('sb_')).toBe(true);
    const me = await t.app.inject({ method: 'POST', url: '/auth/login', headers: { authorization: `Bearer ${key}` } });
    expect(me.json().user.id).toBe(u.user.id);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api-keys/${done.api_key.id}`, headers: { authorization: `Bearer ${key}` } });
    expect(revoked.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/auth/login', headers: { authorization: `Bearer ${key}` } })).statusCode).toBe(401);

    const plain = (await start()).json();
    await complete(u.headers, { device_code: plain.device_code });
    expect((await poll(plain.device_code)).json()).not.toHaveProperty('api_key');
    expect((await start({ api_key: 'yes' })).statusCode).toBe(400);
  });

  it('a denied request polls as denied, never yields a token, and cannot be approved later', async () => {
    const u = await t.createUser();
    const { device_code, user_code } = (await start()).json();
    const denied = await complete(u.headers, { user_code, decision: 'deny' });
    expect(denied.statusCode).toBe(200);
    expect(denied.json()).toMatchObject({ status: 'denied', user_code });
    expect((await complete(u.headers, { user_code, decision: 'deny' })).json().status).toBe('denied');
    expect((await complete(u.headers, { user_code })).statusCode).toBe(409);
    const polled = await poll(device_code);
    expect(polled.statusCode).toBe(200);
    expect(polled.json()).toEqual({ status: 'denied', message: expect.any(String) });
    expect((await t.app.inject({ method: 'GET', url: `/auth/cli/verify?user_code=${user_code}` })).json().status).toBe('denied');
    expect((await complete(u.headers, { user_code, decision: 'maybe' })).statusCode).toBe(400);
  });

  it('complete accepts the user code, needs a user and exactly one code', async () => {
    const u = await t.createUser();
    const { user_code, device_code } = (await start()).json();
    expect((await t.app.inject({ method: 'POST', url: '/auth/cli/complete', payload: { user_code } })).statusCode).toBe(401);
    expect((await complete(t.adminHeaders, { user_code })).statusCode).toBe(403);
    expect((await complete(u.headers, {})).statusCode).toBe(400);
    expect((await complete(u.headers, { user_code, device_code })).statusCode).toBe(400);
    expect((await complete(u.headers, { device_code: 'x'.repeat(43) })).statusCode).toBe(404);
    const res = await complete(u.headers, { user_code: user_code.toLowerCase() });
    expect(res.json()).toMatchObject({ status: 'approved', user_code });
  });

  it('an identity token must be valid and name the same user', async () => {
    const u = await t.createUser();
    const other = await t.createUser();
    const { device_code } = (await start()).json();
    const bad = await complete(u.headers, { device_code, identity_token: 'not-a-token' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toMatchObject({ parameter: 'identity_token', reason: 'invalid' });
    const foreign = await signSessionToken(TEST_JWT_SECRET, other.user.id, 300);
    expect((await complete(u.headers, { device_code, identity_token: foreign })).statusCode).toBe(403);
    const own = await signSessionToken(TEST_JWT_SECRET, u.user.id, 300);
    expect((await complete(u.headers, { device_code, identity_token: own })).statusCode).toBe(200);
  });

  it('expired requests answer 400 on poll and complete', async () => {
    const u = await t.createUser();
    const { device_code, user_code } = (await start()).json();
    await t.db.update(deviceCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(deviceCodes.userCode, user_code));
    const res = await poll(device_code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'INVALID_REQUEST', details: { parameter: 'device_code', reason: 'expired' } });
    expect((await complete(u.headers, { device_code })).json().error.details.reason).toBe('expired');
  });

  it('poll validates its body and 404s an unknown code', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/auth/cli/poll', payload: {} })).json().error.details).toMatchObject({ parameter: 'device_code', reason: 'required' });
    expect((await poll(12345)).statusCode).toBe(400);
    expect((await poll('y'.repeat(43))).statusCode).toBe(404);
  });
});
