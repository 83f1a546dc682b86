import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.ts';
import { mcpServers } from '../../db/schema/index.ts';
import { createTestApp, TEST_ADMIN_KEY } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

// Issue 20, item 3: `?api_key=` (the admin key included, even on a refused request) was logged
// in clear with the URL, and a failed SQL statement was logged with its parameters: a fresh
// `whsec_` webhook secret and a custom server's upstream Authorization header. Every credential
// form is used here against the real app, two inserts are made to fail in the real database,
// and the whole captured log is searched for each secret.

const lines: string[] = [];
const UPSTREAM_SECRET = 'upstream-bearer-7f3a9c1e5b';
const UPSTREAM_ENV_SECRET = 'env-token-b81d44e0';
let t: TestApp;
let apiKey: string;
let jwt: string;
const secrets: string[] = [];

beforeAll(async () => {
  const logger = createLogger('trace', {}, { write: (line: string) => void lines.push(line) });
  t = await createTestApp({ worker: false, logger, env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });
  ({ apiKey } = await t.createUser({ plan: 'pro', role: 'admin' }));
  const login = await t.app.inject({ method: 'POST', url: '/auth/login', headers: { 'x-api-key': apiKey } });
  expect(login.statusCode).toBe(200);
  jwt = login.json().access_token ?? login.json().token;
  expect(typeof jwt).toBe('string');
  secrets.push(apiKey, jwt, TEST_ADMIN_KEY, UPSTREAM_SECRET, UPSTREAM_ENV_SECRET);
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('no secret is ever logged', () => {
  it('keeps every credential form out of the log, accepted or refused', async () => {
    const accepted = [
      await get('/webhooks', { authorization: `Bearer ${apiKey}` }),
      await get('/webhooks', { 'x-api-key': apiKey }),
      await get(`/webhooks?api_key=${apiKey}`),
      await get(`/webhooks?limit=1&api_key=${encodeURIComponent(apiKey)}&x=1`),
      await get('/webhooks', { authorization: `Bearer ${jwt}` }),
      await get(`/webhooks?token=${jwt}`),
      await get('/admin/users', { 'x-admin-key': TEST_ADMIN_KEY }),
      await get('/admin/users', { authorization: `Bearer ${TEST_ADMIN_KEY}` }),
      await get(`/admin/users?api_key=${TEST_ADMIN_KEY}`),
    ];
    // `?token=` is no credential of ours and the admin key is not taken from the query (401),
    // but clients send them: they are redacted too.
    expect(accepted.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 401, 200, 200, 401]);
    const refused = [
      // The admin key where a user is needed, on an unknown route, and a wrong key.
      await get(`/webhooks?api_key=${TEST_ADMIN_KEY}`),
      await get(`/no/such/route?api_key=${TEST_ADMIN_KEY}`),
      await get(`/admin/users?API_KEY=${TEST_ADMIN_KEY}x`),
      await get(`/packs/a%ED%A0%80?api_key=${TEST_ADMIN_KEY}`),
      await get(`/admin/users?api_key=${TEST_ADMIN_KEY}&limit=abc`),
    ];
    for (const r of refused) expect(r.statusCode).toBeGreaterThanOrEqual(400);
    // The request lines were logged, with the query redacted rather than dropped.
    expect(lines.some((l) => l.includes('api_key=[redacted]'))).toBe(true);
  });

  it('logs a failed insert without its parameters and answers without SQL', async () => {
    // A constraint no row satisfies makes the real insert fail in the real database.
    await t.db.execute(sql`alter table webhooks add constraint refuse_all check (false) not valid`);
    await t.db.execute(sql`alter table mcp_servers add constraint refuse_custom check (owner_user_id is null) not valid`);
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/webhooks',
      headers,
      payload: { url: 'http://127.0.0.1:26001/hook', events: ['job.completed'] },
    });
    const server = await t.app.inject({
      method: 'POST',
      url: '/custom-packs/mcp-servers',
      headers,
      payload: {
        name: 'leaky-srv',
        display_name: 'Leaky',
        description: 'x',
        config: { url: 'http://127.0.0.1:26002/mcp', headers: { Authorization: `Bearer ${UPSTREAM_SECRET}`, 'X-Env': UPSTREAM_ENV_SECRET } },
      },
    });
    for (const response of [webhook, server]) {
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toEqual({ code: 'SERVER_ERROR', message: 'Internal server error', details: {} });
      expect(response.body).not.toMatch(/insert|Failed query|Drizzle|Postgres|whsec_|params/i);
    }
    // The failures were logged (so the search below is not vacuous), in their safe form.
    const failures = lines.filter((l) => l.includes('"request failed"'));
    expect(failures).toHaveLength(2);
    expect(failures.join('\n')).toContain('"code":"23514"');
    expect(failures.join('\n')).toContain('refuse_all');
    expect(failures.join('\n')).toContain('params: [redacted]');
  });

  it('keeps parameters out however a database error is logged', async () => {
    // A real driver error carrying a secret in its parameters, logged the ways code does.
    let error: unknown;
    try {
      await t.db.insert(mcpServers).values({ name: 'leaky-2', displayName: 'x', launch: { headers: { Authorization: `Bearer ${UPSTREAM_SECRET}` } }, ownerUserId: '00000000-0000-4000-8000-000000000000' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toContain(UPSTREAM_SECRET); // the raw error does carry it
    const log = createLogger('trace', {}, { write: (line: string) => void lines.push(line) });
    log.error(error as Error);
    log.error({ err: error }, 'with err');
    log.warn({ error, step: 'activity' }, 'as the Temporal SDK logs it');
    log.info({ failure: error }, 'under another key');
    log.warn({ err: String(error) }, `built from it: ${String(error)}`);
    log.child({ component: 'x' }).error({ cause: error }, 'child');
  });

  it('has no secret anywhere in the whole log', () => {
    const whole = lines.join('\n');
    expect(lines.length).toBeGreaterThan(20);
    for (const secret of secrets) expect(whole, `secret ${secret.slice(0, 6)}…`).not.toContain(secret);
    // The webhook secret is generated inside the service: no whsec_ value may appear at all.
    expect(whole).not.toMatch(/whsec_[0-9a-f]{8}/);
  });
});
