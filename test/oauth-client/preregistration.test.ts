import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDump } from '../credentials/helpers.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

// Issue 36, pre-registration (MCP 2025-11-25): an operator sets the client it registered by hand at
// a remote server's AS. The secret goes in and never comes out (no answer, no row in clear); only
// the admin key sets it, only a remote entry takes one. That it is used (HTTP Basic at the token
// endpoint of an AS without dynamic registration) is the conformance suite's auth/pre-registration.
describe('a remote entry\'s pre-registered OAuth client', { timeout: 120_000 }, () => {
  let t: TestApp;
  const SECRET = 'pre-registered-secret-5f1c9a';
  const path = (name: string) => `/admin/mcp_registry/${name}/oauth_client`;

  async function addEntry(name: string, launch: Record<string, unknown>) {
    const entry = { name, display_name: name, description: 'an entry', url: 'https://example.com', icon: 'cloud', category: 'development', launch };
    const created = await t.app.inject({ method: 'POST', url: '/admin/mcp_registry', headers: t.adminHeaders, payload: entry });
    expect(created.statusCode, created.body).toBe(201);
  }

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    await addEntry('remote', { type: 'streamable-http', url: 'https://mcp.example.com/mcp' });
    await addEntry('local', { type: 'stdio', command: 'node', args: ['server.js'] });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the secret sealed and answers only that there is one', async () => {
    const set = await t.app.inject({ method: 'PUT', url: path('remote'), headers: t.adminHeaders, payload: { client_id: 'switchboard-at-example', client_secret: SECRET, token_endpoint_auth_method: 'client_secret_basic' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ server: 'remote', client_id: 'switchboard-at-example', has_secret: true, token_endpoint_auth_method: 'client_secret_basic' });
    const read = await t.app.inject({ method: 'GET', url: path('remote'), headers: t.adminHeaders });
    expect(read.json()).toEqual(set.json());
    expect(`${set.body}${read.body}`).not.toContain(SECRET);
    const dump = await databaseDump(t.db);
    expect(dump).toContain('switchboard-at-example');
    expect(dump).not.toContain(SECRET);

    // Replaced without a secret: a public pre-registered client.
    const publicClient = await t.app.inject({ method: 'PUT', url: path('remote'), headers: t.adminHeaders, payload: { client_id: 'public-client' } });
    expect(publicClient.json()).toMatchObject({ client_id: 'public-client', has_secret: false, token_endpoint_auth_method: null });
    expect((await t.app.inject({ method: 'DELETE', url: path('remote'), headers: t.adminHeaders })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: path('remote'), headers: t.adminHeaders })).statusCode).toBe(404);
  });

  it('refuses a user, a local entry, an unknown one and a malformed client', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const payload = { client_id: 'x', client_secret: SECRET };
    expect((await t.app.inject({ method: 'PUT', url: path('remote'), headers: user.headers, payload })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: path('remote'), payload })).statusCode).toBe(401);
    const local = await t.app.inject({ method: 'PUT', url: path('local'), headers: t.adminHeaders, payload });
    expect(local.statusCode, local.body).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: path('nowhere'), headers: t.adminHeaders, payload })).statusCode).toBe(404);
    for (const bad of [{ client_id: '' }, { client_id: 'a\nb' }, { client_id: 'x', client_secret: 'é' }, { client_id: 'x', token_endpoint_auth_method: 'private_key_jwt' }, { client_id: 'x'.repeat(513) }]) {
      const refused = await t.app.inject({ method: 'PUT', url: path('remote'), headers: t.adminHeaders, payload: bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.body).not.toContain(SECRET);
    }
  });
});
