import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../db/api-keys.ts';
import { apiKeyPrefix } from '../../domain/api-key-format.ts';
import { createTestApp, TEST_ADMIN_KEY, TEST_JWT_SECRET } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

const secret = new TextEncoder().encode(TEST_JWT_SECRET);
const ISSUER = 'https://idp.example.test/';

// The identity provider cannot be reached from here: a real HTTP server speaks its public
// JWKS endpoint, and tokens are signed with the matching private key.
const idp = await generateKeyPair('RS256');
const jwk = { ...(await exportJWK(idp.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
const jwksServer = createServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ keys: [jwk] }));
});

let t: TestApp;
let user: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const port = (jwksServer.address() as AddressInfo).port;
  t = await createTestApp({
    worker: false,
    env: { OAUTH_ISSUER: ISSUER, OAUTH_JWKS_URL: `http://127.0.0.1:${port}/.well-known/jwks.json`, OAUTH_AUDIENCE: 'switchboard' },
  });
  user = await t.createUser({ plan: 'pro' });
});
afterAll(async () => {
  await t?.close();
  jwksServer.close();
});

const login = (headers: Record<string, string>, query = '') => t.app.inject({ method: 'POST', url: `/auth/login${query}`, headers });
const hs256 = (claims: { sub?: string; exp?: number; iat?: number }) => {
  const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' });
  if (claims.sub) jwt.setSubject(claims.sub);
  jwt.setIssuedAt(claims.iat ?? Math.floor(Date.now() / 1000));
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
  return jwt.sign(secret);
};

describe('authentication levels', () => {
  it('lets anyone reach a None route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().checks).toHaveProperty('database');
  });

  it('answers 401 on a Required route without credentials', async () => {
    const response = await login({});
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
  });

  it('accepts an API key as Bearer, as X-API-Key and as api_key query', async () => {
    for (const response of [
      await login(user.headers),
      await login({ 'x-api-key': user.apiKey }),
      await login({}, `?api_key=${encodeURIComponent(user.apiKey)}`),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ id: user.user.id, plan: 'pro' });
    }
  });

  it('issues a short-lived JWT at login that then authenticates', async () => {
    const { access_token, expires_in } = (await login(user.headers)).json();
    expect(expires_in).toBe(900);
    const again = await login({ authorization: `Bearer ${access_token}` });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(user.user.id);
  });

  it('accepts a service HS256 JWT and refuses expired, foreign or incomplete ones', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await login({ authorization: `Bearer ${await hs256({ sub: user.user.id, exp: now + 60 })}` })).statusCode).toBe(200);
    const expired = await login({ authorization: `Bearer ${await hs256({ sub: user.user.id, exp: now - 10, iat: now - 100 })}` });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toMatch(/expired/);
    const noExp = await login({ authorization: `Bearer ${await hs256({ sub: user.user.id })}` });
    expect(noExp.statusCode).toBe(401);
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(user.user.id).setIssuedAt().setExpirationTime('1m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await login({ authorization: `Bearer ${forged}` })).statusCode).toBe(401);
  });

  it('accepts an OAuth access token verified against the issuer JWKS', async () => {
    const token = await new SignJWT({ email: user.user.email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' })
      .setIssuer(ISSUER).setAudience('switchboard').setSubject('idp|123').setIssuedAt().setExpirationTime('5m')
      .sign(idp.privateKey);
    const response = await login({ authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.user.id);
    const wrongAudience = await new SignJWT({ email: user.user.email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' })
      .setIssuer(ISSUER).setAudience('someone-else').setSubject('idp|123').setIssuedAt().setExpirationTime('5m')
      .sign(idp.privateKey);
    expect((await login({ authorization: `Bearer ${wrongAudience}` })).statusCode).toBe(401);
  });

  it('refuses a revoked key, an unknown key and a malformed header', async () => {
    const other = await t.createUser();
    expect((await login(other.headers)).statusCode).toBe(200);
    expect(await revokeApiKey(t.db, apiKeyPrefix(other.apiKey)!)).toBe(true);
    const revoked = await login(other.headers);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.message).toMatch(/revoked/);
    expect((await login({ authorization: 'Bearer sb_0123456789_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(401);
    expect((await login({ authorization: 'Basic abc' })).statusCode).toBe(401);
  });

  it('separates admin from user on Admin routes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/admin/users' })).statusCode).toBe(401);
    const asUser = await t.app.inject({ method: 'GET', url: '/admin/users', headers: user.headers });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json().error.code).toBe('FORBIDDEN');
    expect((await t.app.inject({ method: 'GET', url: '/admin/users', headers: { 'x-admin-key': 'wrong-admin-key-123456' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/admin/users', headers: { 'x-admin-key': TEST_ADMIN_KEY } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/admin/users', headers: { authorization: `Bearer ${TEST_ADMIN_KEY}` } })).statusCode).toBe(200);
    const adminUser = await t.createUser({ role: 'admin' });
    expect((await t.app.inject({ method: 'GET', url: '/admin/users', headers: adminUser.headers })).statusCode).toBe(200);
  });

  it('gives the admin key no user identity on user routes', async () => {
    const response = await login({ 'x-admin-key': TEST_ADMIN_KEY });
    expect(response.statusCode).toBe(403);
  });
});
