import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../db/users.ts';
import { loadConfig } from '../../platform/config.ts';
import { createTestApp, TEST_ADMIN_KEY, TEST_JWT_SECRET } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

/*
 * Issue 33, item 8 (tokens), reproduced from outside over HTTP: a session renewed itself for
 * ever at POST /auth/login, a session of any age minted permanent API keys, nothing revoked a
 * session, the device approval showed only a free-text client name and its verify and complete
 * routes were unmetered, and OAuth tokens were taken without a type check and linked to an
 * account by an unverified e-mail address.
 */

const secret = new TextEncoder().encode(TEST_JWT_SECRET);
const ISSUER = 'https://idp.example.test/';
const AUDIENCE = 'https://switchboard.example.test/';
const SESSION_MAX_AGE = 12 * 3600;
const FRESH_AGE = 900;
const PUBLIC_WRITE_PER_MINUTE = 5;

// The identity provider is the one double at the network edge: a real HTTP server speaking its
// public JWKS endpoint; tokens are signed with the matching private key.
const idp = await generateKeyPair('RS256');
const jwk = { ...(await exportJWK(idp.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
const jwksServer = createServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ keys: [jwk] }));
});

let t: TestApp;
let jwksUrl: string;
const MINUTE_START = Math.floor(Date.now() / 60_000) * 60_000;

beforeAll(async () => {
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks.json`;
  t = await createTestApp({
    worker: false,
    // The rate windows' clock stands still inside one minute, so the metering test's counts share a window however long the run takes.
    now: () => MINUTE_START + 10_000,
    env: {
      OAUTH_ISSUER: ISSUER,
      OAUTH_JWKS_URL: jwksUrl,
      OAUTH_AUDIENCE: AUDIENCE,
      // Small enough to reach in a test; the other tests use pro users and addresses of their own.
      RATE_LIMITS: JSON.stringify({ free: { public_write: { minute: PUBLIC_WRITE_PER_MINUTE } } }),
    },
  });
});
afterAll(async () => {
  await t?.close();
  jwksServer.close();
});

const now = () => Math.floor(Date.now() / 1000);
// Anonymous device calls count per address: each gets one of its own unless the test is about that.
let addresses = 0;
const nextIp = () => `198.51.100.${(addresses += 1)}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (url: string, headers: Record<string, string>, payload?: object, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}), ...(remoteAddress ? { remoteAddress } : {}) });

/** A session token as a holder of the signing secret would make it: what time has done to a real one. */
const session = (sub: string, claims: { auth_time?: number; iat?: number; sv?: unknown; exp?: number }) =>
  new SignJWT({ ...(claims.auth_time !== undefined ? { auth_time: claims.auth_time } : {}), ...(claims.sv !== undefined ? { sv: claims.sv } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt(claims.iat ?? now())
    .setExpirationTime(claims.exp ?? now() + 600)
    .sign(secret);

const login = async (headers: Record<string, string>) => {
  const response = await post('/auth/login', headers);
  expect(response.statusCode).toBe(200);
  return response.json().access_token as string;
};

describe('session tokens have an absolute lifetime', () => {
  it('a renewed session keeps its sign-in time, and cannot outlive it', async () => {
    const u = await t.createUser({ plan: 'pro' });
    const first = await login(u.headers);
    const signedInAt = decodeJwt(first).auth_time as number;
    expect(Math.abs(signedInAt - now())).toBeLessThanOrEqual(2);
    const renewed = await login(bearer(first));
    expect(decodeJwt(renewed).auth_time).toBe(signedInAt);

    // Near the end of the lifetime, the renewal ends with it.
    const late = await post('/auth/login', bearer(await session(u.user.id, { auth_time: now() - SESSION_MAX_AGE + 100 })));
    expect(late.statusCode).toBe(200);
    expect(late.json().expires_in).toBeLessThanOrEqual(100);
    expect(decodeJwt(late.json().access_token).exp).toBeLessThanOrEqual(now() + 100);
  });

  it('refuses to renew a session past the absolute lifetime', async () => {
    const u = await t.createUser({ plan: 'pro' });
    const old = await session(u.user.id, { auth_time: now() - SESSION_MAX_AGE - 60 });
    // Still valid for an ordinary request until its exp...
    expect((await t.app.inject({ method: 'GET', url: '/api-keys', headers: bearer(old) })).statusCode).toBe(200);
    // ...but it cannot buy itself another one.
    const refused = await post('/auth/login', bearer(old));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringMatching(/maximum lifetime/) });
    // A token without auth_time counts from its iat (a service token, a token issued before auth_time existed).
    const legacy = await session(u.user.id, { iat: now() - SESSION_MAX_AGE - 60, exp: now() + 600 });
    expect((await post('/auth/login', bearer(legacy))).statusCode).toBe(401);
    // A claimed sign-in in the future is taken as now, not as a session fresh for ever.
    const future = await post('/auth/login', bearer(await session(u.user.id, { auth_time: now() + 10 * SESSION_MAX_AGE })));
    expect(future.statusCode).toBe(200);
    expect(decodeJwt(future.json().access_token).auth_time).toBeLessThanOrEqual(now());
    // The API key itself is the sign-in: it always gets a session.
    expect((await post('/auth/login', u.headers)).statusCode).toBe(200);
  });
});

describe('minting an API key needs a fresh sign-in', () => {
  it('refuses a stale session and takes a fresh one or the key itself', async () => {
    const u = await t.createUser({ plan: 'pro' });
    const stale = await session(u.user.id, { auth_time: now() - FRESH_AGE - 60 });
    const refused = await post('/api-keys', bearer(stale));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatchObject({ code: 'UNAUTHORIZED', details: { reason: 'reauthentication_required', max_age: FRESH_AGE } });
    // Renewing the stale session does not make it fresh.
    const renewed = await login(bearer(stale));
    expect((await post('/api-keys', bearer(renewed))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api-keys', headers: u.headers })).json().total).toBe(1);

    expect((await post('/api-keys', bearer(await login(u.headers)))).statusCode).toBe(201);
    expect((await post('/api-keys', u.headers)).statusCode).toBe(201);
  });

  it("refuses a stale admin session on the operator's key routes, not the admin key", async () => {
    const admin = await t.createUser({ role: 'admin', plan: 'pro' });
    const target = await t.createUser();
    const stale = await session(admin.user.id, { auth_time: now() - FRESH_AGE - 60 });
    expect((await post(`/admin/users/${target.user.id}/keys`, bearer(stale))).statusCode).toBe(401);
    expect((await post('/admin/users', bearer(stale), { email: `n${now()}@example.test` })).statusCode).toBe(401);
    expect((await post(`/admin/users/${target.user.id}/keys`, { 'x-admin-key': TEST_ADMIN_KEY })).statusCode).toBe(201);
    expect((await post(`/admin/users/${target.user.id}/keys`, bearer(await login(admin.headers)))).statusCode).toBe(201);
  });

  it('a stale session cannot approve a device login that brings a key, nor stretch itself through one', async () => {
    const u = await t.createUser({ plan: 'pro' });
    const stale = await session(u.user.id, { auth_time: now() - FRESH_AGE - 60 });
    const withKey = (await post('/auth/cli/start', {}, { api_key: true }, nextIp())).json();
    const refused = await post('/auth/cli/complete', bearer(stale), { device_code: withKey.device_code });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.details.reason).toBe('reauthentication_required');
    expect((await post('/auth/cli/poll', {}, { device_code: withKey.device_code }, nextIp())).json().status).toBe('pending');

    // Without a key it may approve, but the device's session rests on the stale sign-in.
    const plain = (await post('/auth/cli/start', {}, {}, nextIp())).json();
    expect((await post('/auth/cli/complete', bearer(stale), { device_code: plain.device_code })).statusCode).toBe(200);
    const done = (await post('/auth/cli/poll', {}, { device_code: plain.device_code }, nextIp())).json();
    expect(done.status).toBe('complete');
    expect(decodeJwt(done.access_token).auth_time).toBe(decodeJwt(stale).auth_time);
    expect((await post('/api-keys', bearer(done.access_token))).statusCode).toBe(401);

    // The key approves a key-bearing login.
    expect((await post('/auth/cli/complete', u.headers, { device_code: withKey.device_code })).statusCode).toBe(200);
    expect((await post('/auth/cli/poll', {}, { device_code: withKey.device_code }, nextIp())).json().api_key.api_key).toMatch(/^sb_/);
  });
});

describe('revocation: log out everywhere', () => {
  it('refuses every earlier session on the next request, on every replica; keys and new sign-ins work', async () => {
    const u = await t.createUser({ plan: 'pro' });
    const a = await login(u.headers);
    const b = await login(u.headers);
    const renewed = await login(bearer(a));
    const replica = await t.replica();
    try {
      expect((await replica.inject({ method: 'GET', url: '/api-keys', headers: bearer(b) })).statusCode).toBe(200);
      const out = await post('/auth/logout', bearer(a));
      expect(out.statusCode).toBe(200);
      expect(out.json().status).toBe('logged_out');
      for (const token of [a, b, renewed]) {
        const refused = await t.app.inject({ method: 'GET', url: '/api-keys', headers: bearer(token) });
        expect(refused.statusCode).toBe(401);
        expect(refused.json().error.message).toMatch(/revoked/);
        expect((await replica.inject({ method: 'GET', url: '/api-keys', headers: bearer(token) })).statusCode).toBe(401);
        expect((await post('/auth/login', bearer(token))).statusCode).toBe(401);
      }
      // A token without the epoch claim (issued before it existed) is of epoch 0: refused too.
      expect((await post('/auth/login', bearer(await session(u.user.id, {})))).statusCode).toBe(401);
      // A forged-looking epoch of the wrong type counts as 0, not as "any".
      expect((await post('/auth/login', bearer(await session(u.user.id, { sv: '99' })))).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api-keys', headers: u.headers })).statusCode).toBe(200);
      const fresh = await login(u.headers);
      expect((await replica.inject({ method: 'GET', url: '/api-keys', headers: bearer(fresh) })).statusCode).toBe(200);
    } finally {
      await replica.close();
    }
  });

  it('revoking a key ends the sessions signed in with it, renewed from them, or approved through them', async () => {
    const u = await t.createUser({ plan: 'pro' });
    const second = (await post('/api-keys', u.headers)).json();
    const fromFirst = await login(u.headers);
    const renewed = await login(bearer(fromFirst));
    const { device_code } = (await post('/auth/cli/start', {}, {}, nextIp())).json();
    expect((await post('/auth/cli/complete', bearer(renewed), { device_code })).statusCode).toBe(200);
    const device = (await post('/auth/cli/poll', {}, { device_code }, nextIp())).json().access_token as string;
    const fromSecond = await login(bearer(second.api_key));
    const firstKeyId = (await t.app.inject({ method: 'GET', url: '/api-keys', headers: u.headers })).json().keys.find((key: { id: string }) => key.id !== second.id).id;

    expect((await t.app.inject({ method: 'DELETE', url: `/api-keys/${firstKeyId}`, headers: bearer(second.api_key) })).statusCode).toBe(200);
    for (const token of [fromFirst, renewed, device]) {
      const refused = await t.app.inject({ method: 'GET', url: '/api-keys', headers: bearer(token) });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.message).toMatch(/revoked/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api-keys', headers: bearer(fromSecond) })).statusCode).toBe(200);
    // A token naming another user's key, or no key at all in a malformed claim, does not borrow its standing.
    const other = await t.createUser({ plan: 'pro' });
    const otherKeyId = (await t.app.inject({ method: 'GET', url: '/api-keys', headers: other.headers })).json().keys[0].id as string;
    const borrowed = await new SignJWT({ key_id: otherKeyId }).setProtectedHeader({ alg: 'HS256' }).setSubject(u.user.id).setIssuedAt().setExpirationTime('5m').sign(secret);
    expect((await post('/auth/login', bearer(borrowed))).statusCode).toBe(401);
  });

  it('denies a device login approved but not yet collected', async () => {
    const u = await t.createUser({ plan: 'pro' });
    const { device_code } = (await post('/auth/cli/start', {}, {}, nextIp())).json();
    expect((await post('/auth/cli/complete', u.headers, { device_code })).statusCode).toBe(200);
    expect((await post('/auth/logout', u.headers)).statusCode).toBe(200);
    expect((await post('/auth/cli/poll', {}, { device_code }, nextIp())).json().status).toBe('denied');
  });

  it('needs a user: no credential is 401, the admin key 403', async () => {
    expect((await post('/auth/logout', {})).statusCode).toBe(401);
    expect((await post('/auth/logout', { 'x-admin-key': TEST_ADMIN_KEY })).statusCode).toBe(403);
  });
});

describe('device approval', () => {
  it("shows the requester's address and the request time", async () => {
    const u = await t.createUser({ plan: 'pro' });
    const before = now();
    const started = (await post('/auth/cli/start', {}, { client_name: 'Definitely your laptop' }, '203.0.113.7')).json();
    const seen = await t.app.inject({ method: 'GET', url: `/auth/cli/verify?user_code=${started.user_code}`, remoteAddress: '192.0.2.50' });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ client_name: 'Definitely your laptop', requested_from: '203.0.113.7' });
    expect(seen.json().requested_at).toBeGreaterThanOrEqual(before - 1);
    expect(seen.json().requested_at).toBeLessThanOrEqual(now() + 1);
    const approved = await post('/auth/cli/complete', u.headers, { user_code: started.user_code });
    expect(approved.json()).toMatchObject({ status: 'approved', requested_from: '203.0.113.7', requested_at: seen.json().requested_at });
  });

  it('meters verify by address and complete by user', async () => {
    const codes = [];
    for (let i = 0; i < PUBLIC_WRITE_PER_MINUTE + 1; i += 1) codes.push((await post('/auth/cli/start', {}, {}, `203.0.113.${100 + i}`)).json().user_code as string);
    const verify = (code: string) => t.app.inject({ method: 'GET', url: `/auth/cli/verify?user_code=${code}`, remoteAddress: '192.0.2.99' });
    for (let i = 0; i < PUBLIC_WRITE_PER_MINUTE; i += 1) expect((await verify('BBBB-BBBB')).statusCode).toBe(404);
    const limited = await verify(codes[0]!);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');

    const free = await t.createUser();
    for (let i = 0; i < PUBLIC_WRITE_PER_MINUTE; i += 1) expect((await post('/auth/cli/complete', free.headers, { user_code: codes[i]! })).statusCode).toBe(200);
    const refused = await post('/auth/cli/complete', free.headers, { user_code: codes[PUBLIC_WRITE_PER_MINUTE]! });
    expect(refused.statusCode).toBe(429);
  });
});

describe('OAuth access tokens', () => {
  const oauth = (claims: Record<string, unknown>, header: Record<string, unknown> = { typ: 'at+jwt' }, audience: string | null = AUDIENCE) => {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1', ...header }).setIssuer(ISSUER).setSubject('idp|42').setIssuedAt().setExpirationTime('5m');
    if (audience) jwt.setAudience(audience);
    return jwt.sign(idp.privateKey);
  };

  it('takes a verified identity with the expected audience and type', async () => {
    const u = await t.createUser({ plan: 'pro' });
    const response = await post('/auth/login', bearer(await oauth({ email: u.user.email, email_verified: true })));
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(u.user.id);
    const alsoTyped = await oauth({ email: u.user.email, email_verified: true }, { typ: 'application/at+jwt' });
    expect((await post('/auth/login', bearer(alsoTyped))).statusCode).toBe(200);
  });

  it('takes any of several configured audiences, and no other', async () => {
    const several = await createTestApp({ worker: false, env: { OAUTH_ISSUER: ISSUER, OAUTH_JWKS_URL: jwksUrl, OAUTH_AUDIENCE: `other-api, ${AUDIENCE}` } });
    try {
      const email = `several${now()}@example.test`;
      for (const [audience, status] of [['other-api', 200], [AUDIENCE, 200], ['other', 401], [`other-api, ${AUDIENCE}`, 401]] as const) {
        const token = await oauth({ email, email_verified: true }, { typ: 'at+jwt' }, audience);
        expect((await several.app.inject({ method: 'POST', url: '/auth/login', headers: bearer(token) })).statusCode).toBe(status);
      }
    } finally {
      await several.close();
    }
  });

  it('refuses a token without the expected audience', async () => {
    const u = await t.createUser({ plan: 'pro' });
    for (const audience of [null, 'https://evil.example.test/', 'switchboard']) {
      expect((await post('/auth/login', bearer(await oauth({ email: u.user.email, email_verified: true }, { typ: 'at+jwt' }, audience)))).statusCode).toBe(401);
    }
  });

  it('refuses any other type of token: an ID token, a plain JWT, none', async () => {
    const u = await t.createUser({ plan: 'pro' });
    for (const header of [{ typ: 'JWT' }, {}, { typ: 'id_token+jwt' }, { typ: 'at+jwt+evil' }]) {
      expect((await post('/auth/login', bearer(await oauth({ email: u.user.email, email_verified: true }, header)))).statusCode).toBe(401);
    }
  });

  it('does not link, nor create, an account by an unverified e-mail address', async () => {
    const victim = await t.createUser({ plan: 'pro' });
    for (const verified of [undefined, false, 'true', 1]) {
      const refused = await post('/auth/login', bearer(await oauth({ email: victim.user.email, ...(verified !== undefined ? { email_verified: verified } : {}) })));
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.message).toMatch(/verified/);
    }
    const stranger = `s${now()}@example.test`;
    expect((await post('/auth/login', bearer(await oauth({ email: stranger })))).statusCode).toBe(401);
    expect(await findUserByEmail(t.db, stranger)).toBeUndefined();
    // The provider's subject is never taken for one of our user ids.
    const bySub = await new SignJWT({ email: stranger, email_verified: true }).setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' })
      .setIssuer(ISSUER).setAudience(AUDIENCE).setSubject(victim.user.id).setIssuedAt().setExpirationTime('5m').sign(idp.privateKey);
    const linked = await post('/auth/login', bearer(bySub));
    expect(linked.statusCode).toBe(200);
    expect(linked.json().user.id).not.toBe(victim.user.id);
    expect(linked.json().user.email).toBe(stranger);
  });

  it('will not start with an issuer but no audience', () => {
    expect(() => loadConfig({ DATA_DIR: '.cache/test-data/x', OAUTH_ISSUER: ISSUER, OAUTH_JWKS_URL: jwksUrl })).toThrow(/OAUTH_AUDIENCE/);
  });
});
