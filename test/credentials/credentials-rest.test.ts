import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSearchAttributes, until } from '../execution/helpers/setup.ts';
import { startReceiver } from '../webhooks/receiver.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { addTokenServer, capturedLogger, databaseDump, TOKEN_SERVER, VENDOR_SETUP_URL } from './helpers.ts';

// Issue 35, items 4 and 7: a user's credentials for a server through REST, the refusal of a
// run that needs them before anything runs, bad input, and the value kept out of every answer,
// log line and table. Real Postgres, Temporal, worker and server-everything over stdio.

const CANARY = `canary-${Math.random().toString(36).slice(2)}-${Date.now()}`;
const path = (server = TOKEN_SERVER) => `/mcp_servers/${server}/credentials`;

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['createUser']>>;
let stranger: Awaited<ReturnType<TestApp['createUser']>>;
const logs = capturedLogger();
const bodies: string[] = [];
let receiver: Awaited<ReturnType<typeof startReceiver>>;

async function call(method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) {
  const response = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  bodies.push(response.body);
  return response;
}

beforeAll(async () => {
  // The webhook receiver listens on 127.0.0.1: private targets are allowed for this file.
  t = await createTestApp({ logger: logs.logger, env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });
  receiver = await startReceiver({ failFirst: 0 });
  await registerSearchAttributes(t.temporal.client, t.temporal.namespace);
  await addTokenServer(t);
  owner = await t.createUser({ plan: 'pro' });
  stranger = await t.createUser({ plan: 'pro' });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('credentials of a server (REST)', { timeout: 60_000 }, () => {
  it('shows what the server declares, nothing set yet, and the vendor link', async () => {
    const response = await call('GET', path(), owner.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      server: TOKEN_SERVER,
      required: true,
      kind: 'env',
      setup_url: VENDOR_SETUP_URL,
      credentials: [{ name: 'X_TOKEN', set: false, updated_at: null }],
      missing: ['X_TOKEN'],
    });
  });

  it('refuses a run before it starts: 409 CREDENTIALS_REQUIRED with the server, the names and both links', async () => {
    const v1 = await call('POST', '/v1/execute_tool', owner.headers, { tool_name: `${TOKEN_SERVER}/echo`, params: { message: 'hi' } });
    expect(v1.statusCode, v1.body).toBe(409);
    expect(v1.json()).toMatchObject({
      success: false,
      error: {
        code: 'CREDENTIALS_REQUIRED',
        details: { server: TOKEN_SERVER, missing: ['X_TOKEN'], setup_url: `http://localhost:80/console/servers/${TOKEN_SERVER}#credentials`, vendor_setup_url: VENDOR_SETUP_URL },
      },
    });
    const job = await call('POST', '/jobs/submit', owner.headers, { tool: `${TOKEN_SERVER}/echo`, arguments: { message: 'hi' } });
    expect(job.statusCode, job.body).toBe(409);
    expect(job.json().error).toMatchObject({ code: 'CREDENTIALS_REQUIRED', details: { missing: ['X_TOKEN'] } });
    // No job row was made: refused before anything ran.
    expect((await call('GET', '/jobs', owner.headers)).json().pagination.total).toBe(0);
  });

  it.each([
    ['a name the server does not declare', { OTHER_TOKEN: 'x' }, 'values.OTHER_TOKEN'],
    ['an empty value', { X_TOKEN: '' }, 'values.X_TOKEN'],
    ['a value over 8 KiB', { X_TOKEN: 'x'.repeat(8193) }, 'values.X_TOKEN'],
    ['a value with a NUL', { X_TOKEN: 'a\u0000b' }, 'values.X_TOKEN'],
    ['no value at all', {}, 'values'],
  ])('refuses %s with 400 naming the field', async (_what, values, field) => {
    const response = await call('PUT', path(), owner.headers, { values });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(`${response.json().error.details.parameter ?? ''} ${response.json().error.message}`).toContain(field);
  });

  it('answers 404 naming the server for an unknown one and for another user\'s custom server', async () => {
    const unknown = await call('PUT', path('no-such-server'), owner.headers, { values: { X_TOKEN: 'x' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'SERVER_NOT_FOUND', details: { parameter: 'server' } });
    const custom = await call('POST', '/custom-packs/mcp-servers', stranger.headers, { name: 'strangers-own', display_name: 'Mine', description: 'private' });
    expect(custom.statusCode, custom.body).toBe(201);
    for (const ref of ['strangers-own', custom.json().id as string]) {
      const hidden = await call('GET', path(ref), owner.headers);
      expect(hidden.statusCode, hidden.body).toBe(404);
    }
    expect((await call('GET', path('strangers-own'), stranger.headers)).json()).toMatchObject({ server: 'strangers-own', required: false, credentials: [] });
  });

  it('stores a value write-only: the answer says set and when, the run goes ahead, another user is still refused', async () => {
    const hook = await call('POST', '/webhooks', owner.headers, { url: receiver.url, events: ['job.completed', 'tool.executed'] });
    expect(hook.statusCode, hook.body).toBe(201);
    const before = Math.floor(Date.now() / 1000);
    const put = await call('PUT', path(), owner.headers, { values: { X_TOKEN: CANARY } });
    expect(put.statusCode, put.body).toBe(200);
    const status = put.json();
    expect(status).toMatchObject({ missing: [], credentials: [{ name: 'X_TOKEN', set: true }] });
    expect(status.credentials[0].updated_at).toBeGreaterThanOrEqual(before);
    const run = await call('POST', '/v1/execute_tool', owner.headers, { tool_name: `${TOKEN_SERVER}/echo`, params: { message: 'with a token' } });
    expect(run.statusCode, run.body).toBe(200);
    const job = await call('POST', '/jobs/submit', owner.headers, { tool: `${TOKEN_SERVER}/echo`, arguments: { message: 'job with a token' } });
    expect(job.statusCode, job.body).toBe(200);
    const other = await call('POST', '/v1/execute_tool', stranger.headers, { tool_name: `${TOKEN_SERVER}/echo`, params: { message: 'hi' } });
    expect(other.statusCode).toBe(409);
  });

  it('deletes one value (204), then 404 for a value not set', async () => {
    await call('PUT', path(), stranger.headers, { values: { X_TOKEN: CANARY } });
    const removed = await call('DELETE', `${path()}/X_TOKEN`, stranger.headers);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await call('GET', path(), stranger.headers)).json().missing).toEqual(['X_TOKEN']);
    const again = await call('DELETE', `${path()}/X_TOKEN`, stranger.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.details).toMatchObject({ parameter: 'name' });
  });

  it('never shows the value: no answer, no log line, no table holds it in clear', async () => {
    const jobs = await call('GET', '/jobs', owner.headers);
    expect(jobs.json().pagination.total).toBe(1);
    // The job's events, as a webhook receiver gets them: the run happened, the value is nowhere.
    await until(async () => receiver.received.some((r) => r.event === 'job.completed'), 30_000);
    expect(receiver.received.map((r) => r.body).join('\n')).not.toContain(CANARY);
    const jobId = jobs.json().jobs[0].job_id as string;
    const job = await call('GET', `/jobs/${jobId}`, owner.headers);
    expect(job.json().status).toBe('completed');
    expect(bodies.join('\n')).not.toContain(CANARY);
    expect(logs.text()).not.toContain(CANARY);
    const dump = await databaseDump(t.db);
    expect(dump).toContain('server_credentials');
    expect(dump).not.toContain(CANARY);
    expect(dump).not.toContain(Buffer.from(CANARY).toString('base64'));
  });

  it('are gone with the user', async () => {
    const ownersRows = async () => (await databaseDump(t.db)).split('\n').filter((line) => line.includes('"ciphertext"') && line.includes(owner.user.id));
    expect(await ownersRows()).toHaveLength(1);
    const deleted = await call('DELETE', `/admin/users/${owner.user.id}`, t.adminHeaders);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await ownersRows()).toEqual([]);
  });

  it('are limited as server management and need a user', async () => {
    const scopeOf = (method: string, url: string) => t.app.routeTable.find((r) => r.method === method && r.url === url)?.config;
    expect(scopeOf('PUT', '/mcp_servers/:server/credentials')).toMatchObject({ auth: 'required', rateScope: 'server_management' });
    expect(scopeOf('DELETE', '/mcp_servers/:server/credentials/:name')).toMatchObject({ auth: 'required', rateScope: 'server_management' });
    expect((await call('GET', path(), {})).statusCode).toBe(401);
  });
});
