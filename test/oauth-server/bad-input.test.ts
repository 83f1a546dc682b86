import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthCodes, oauthRefreshTokens } from '../../db/schema/index.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { serve } from '../console/browser.ts';
import { authorizedCode, capturedLogger, mcpInitialize, oauthClient, obtainTokens, pkce } from './helpers.ts';

// Issue 36, "Done when: bad input": each malformed or replayed request is refused with the
// error the OAuth RFCs name, never by a redirect to an address the client did not register,
// and no secret (code, verifier, token) reaches the log.
describe('OAuth authorization server: bad input', { timeout: 60_000 }, () => {
  let t: TestApp;
  let base: string;
  let apiKey: string;
  const log = capturedLogger();
  const secrets: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ worker: false, logger: log.logger });
    base = await serve(t);
    ({ apiKey } = await t.createUser({ role: 'admin' }));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const keep = (...values: Array<string | undefined>) => secrets.push(...values.filter((v): v is string => typeof v === 'string' && v.length > 0));

  it('refuses a malformed authorization request before any login page', async () => {
    const client = oauthClient(base);
    const clientId = (await client.register()).body.client_id as string;
    const { challenge } = pkce();
    const good = { response_type: 'code', client_id: clientId, redirect_uri: client.redirectUri, code_challenge: challenge, code_challenge_method: 'S256' };

    // No redirect at all: the client is unknown, or the redirect URI is not one it registered.
    const unknown = await client.authorize({ ...good, client_id: 'sbc_nobody' });
    expect([unknown.status, unknown.location, unknown.body?.error]).toEqual([401, null, 'invalid_client']);
    const unregistered = await client.authorize({ ...good, redirect_uri: 'https://attacker.example/callback' });
    expect([unregistered.status, unregistered.location, unregistered.body?.error]).toEqual([400, null, 'invalid_request']);
    const otherPort = await client.authorize({ ...good, redirect_uri: 'http://127.0.0.1:8976/elsewhere' });
    expect([otherPort.status, otherPort.location]).toEqual([400, null]);

    // Back to the registered redirect URI with the error, never to the console's login.
    for (const [params, error] of [
      [{ ...good, code_challenge: undefined, code_challenge_method: undefined }, 'invalid_request'],
      [{ ...good, code_challenge_method: 'plain' }, 'invalid_request'],
      [{ ...good, response_type: 'token' }, 'unsupported_response_type'],
      [{ ...good, resource: 'https://elsewhere.example/mcp' }, 'invalid_target'],
      [{ ...good, scope: 'search admin' }, 'invalid_scope'],
    ] as const) {
      const answer = await client.authorize({ ...params, state: 'abc' });
      expect(answer.status).toBe(302);
      const location = new URL(answer.location ?? '');
      expect(`${location.origin}${location.pathname}`).toBe(client.redirectUri);
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('state')).toBe('abc');
    }
    const fine = await client.authorize(good);
    expect(fine.location).toMatch(new RegExp(`^${base}/console/oauth/authorize\\?request=`));
  });

  it('refuses registrations against the MCP redirect rules', async () => {
    const client = oauthClient(base);
    for (const uri of ['http://example.com/callback', 'https://example.com/cb#frag', 'javascript:alert(1)', 'not a url']) {
      const answer = await client.register({ redirect_uris: [uri] });
      expect([answer.status, answer.body.error]).toEqual([400, 'invalid_redirect_uri']);
    }
    const confidential = await client.register({ token_endpoint_auth_method: 'client_secret_basic' });
    expect([confidential.status, confidential.body.error]).toEqual([400, 'invalid_client_metadata']);
    for (const uri of ['https://app.example/cb', 'http://localhost:3000/cb', 'http://[::1]:9/cb']) expect((await client.register({ redirect_uris: [uri] })).status).toBe(201);
  });

  it('refuses a wrong PKCE verifier, and a reused code also ends the tokens it bought', async () => {
    const { client, clientId, verifier, code } = await authorizedCode(base, apiKey);
    keep(code, verifier);
    const wrong = await client.token({ grant_type: 'authorization_code', code, code_verifier: pkce().verifier, client_id: clientId, redirect_uri: client.redirectUri });
    expect([wrong.status, wrong.body.error]).toEqual([400, 'invalid_grant']);

    const obtained = await obtainTokens(base, apiKey);
    keep(obtained.code, obtained.verifier, obtained.tokens.access_token, obtained.tokens.refresh_token);
    expect((await mcpInitialize(`${base}/mcp`, obtained.tokens.access_token)).status).toBe(200);
    const again = await obtained.client.token({
      grant_type: 'authorization_code',
      code: obtained.code,
      code_verifier: obtained.verifier,
      client_id: obtained.clientId,
      redirect_uri: obtained.client.redirectUri,
    });
    expect([again.status, again.body.error]).toEqual([400, 'invalid_grant']);
    const refused = await mcpInitialize(`${base}/mcp`, obtained.tokens.access_token);
    expect(refused.status).toBe(401);
    expect(refused.challenge).toContain('error="invalid_token"');
    const refresh = await obtained.client.token({ grant_type: 'refresh_token', refresh_token: obtained.tokens.refresh_token, client_id: obtained.clientId });
    expect([refresh.status, refresh.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('refuses a token for another resource, at the token endpoint and at the resource', async () => {
    const { client, clientId, verifier, code } = await authorizedCode(base, apiKey, { resource: `${base}/mcp` });
    keep(code, verifier);
    const other = await client.token({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId, redirect_uri: client.redirectUri, resource: base });
    expect([other.status, other.body.error]).toEqual([400, 'invalid_target']);

    const rest = await obtainTokens(base, apiKey, { resource: base, scope: 'search' });
    const mcp = await obtainTokens(base, apiKey);
    keep(rest.tokens.access_token, mcp.tokens.access_token, rest.tokens.refresh_token, mcp.tokens.refresh_token);
    // The REST token reads the catalog, and is refused at /mcp; the /mcp token is refused on REST.
    expect((await fetch(`${base}/v1/servers`, { headers: { authorization: `Bearer ${rest.tokens.access_token}` } })).status).toBe(200);
    const atMcp = await mcpInitialize(`${base}/mcp`, rest.tokens.access_token);
    expect([atMcp.status, atMcp.challenge?.includes('error="invalid_token"')]).toEqual([401, true]);
    expect((await fetch(`${base}/v1/servers`, { headers: { authorization: `Bearer ${mcp.tokens.access_token}` } })).status).toBe(401);
    // Admin never, even for an admin's token; and a `search` token mints no key and runs nothing.
    expect((await fetch(`${base}/admin/users`, { headers: { authorization: `Bearer ${rest.tokens.access_token}` } })).status).toBe(403);
    expect((await fetch(`${base}/api-keys`, { method: 'POST', headers: { authorization: `Bearer ${rest.tokens.access_token}` } })).status).toBe(403);
    const run = await fetch(`${base}/v1/execute_tool`, {
      method: 'POST',
      headers: { authorization: `Bearer ${rest.tokens.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tool_name: 'a/b', params: {} }),
    });
    expect([run.status, run.headers.get('www-authenticate')]).toEqual([403, 'Bearer error="insufficient_scope", scope="run"']);
  });

  it('refuses a tampered token with invalid_token', async () => {
    const { tokens } = await obtainTokens(base, apiKey);
    keep(tokens.access_token, tokens.refresh_token);
    const [header, payload, signature] = tokens.access_token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, scope: 'search run jobs admin', aud: `${base}/mcp/packs/x` })).toString('base64url')}.${signature}`;
    for (const token of [forged, `${header}.${payload}.${signature.slice(0, -2)}AA`, `${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString('base64url')}.${payload}.`]) {
      const answer = await mcpInitialize(`${base}/mcp`, token);
      expect(answer.status).toBe(401);
      expect(answer.challenge).toContain('error="invalid_token"');
    }
  });

  it('detects a replayed refresh token and ends the whole family', async () => {
    const { client, clientId, tokens } = await obtainTokens(base, apiKey);
    const rotated = await client.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    expect(rotated.body.refresh_token).not.toBe(tokens.refresh_token);
    keep(tokens.access_token, tokens.refresh_token, rotated.body.access_token, rotated.body.refresh_token);
    expect((await mcpInitialize(`${base}/mcp`, rotated.body.access_token)).status).toBe(200);

    const replay = await client.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId });
    expect([replay.status, replay.body.error]).toEqual([400, 'invalid_grant']);
    // The thief's copy and the rightful holder's newest tokens die together.
    const next = await client.token({ grant_type: 'refresh_token', refresh_token: rotated.body.refresh_token, client_id: clientId });
    expect([next.status, next.body.error]).toEqual([400, 'invalid_grant']);
    expect((await mcpInitialize(`${base}/mcp`, rotated.body.access_token)).status).toBe(401);
  });

  it('lets a token do only what its scopes name, tool by tool', async () => {
    const { tokens } = await obtainTokens(base, apiKey, { scope: 'search' });
    keep(tokens.access_token, tokens.refresh_token);
    expect(tokens.scope).toBe('search');
    const client = new Client({ name: 'scoped', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${tokens.access_token}` } } }));
    expect((await client.callTool({ name: 'list_servers', arguments: {} })).isError).not.toBe(true);
    for (const name of ['execute_tool', 'get_job']) {
      const refused = await client.callTool({ name, arguments: name === 'get_job' ? { job_id: 'j' } : { tool_name: 'a/b', params: {} } });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toMatch(/lacks the scope/);
    }
    await client.close();
  });

  it('finishes on another replica a flow started on one: the state is in Postgres', async () => {
    const replica = await t.replica();
    try {
      const { client, clientId, verifier, code } = await authorizedCode(base, apiKey);
      keep(code, verifier);
      const host = new URL(base).host;
      const payload = new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId, redirect_uri: client.redirectUri }).toString();
      const exchanged = await replica.inject({ method: 'POST', url: '/oauth/token', headers: { host, 'content-type': 'application/x-www-form-urlencoded' }, payload });
      expect(exchanged.statusCode).toBe(200);
      keep(exchanged.json().access_token, exchanged.json().refresh_token);
      // The token the replica issued is taken here, and its revocation there holds here at once.
      expect((await mcpInitialize(`${base}/mcp`, exchanged.json().access_token)).status).toBe(200);
      const revoked = await replica.inject({ method: 'POST', url: '/oauth/revoke', headers: { host, 'content-type': 'application/x-www-form-urlencoded' }, payload: `token=${exchanged.json().refresh_token}` });
      expect(revoked.statusCode).toBe(200);
      expect((await mcpInitialize(`${base}/mcp`, exchanged.json().access_token)).status).toBe(401);
    } finally {
      await replica.close();
    }
  });

  it('refuses an expired code and an expired refresh token', async () => {
    const { client, clientId, verifier, code } = await authorizedCode(base, apiKey);
    keep(code, verifier);
    // The clock moves on: the code's minute is over (written in the table, as time would).
    await t.db.update(oauthCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const late = await client.token({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId, redirect_uri: client.redirectUri });
    expect([late.status, late.body.error, late.body.error_description]).toEqual([400, 'invalid_grant', 'The authorization code has expired']);

    const obtained = await obtainTokens(base, apiKey);
    keep(obtained.tokens.access_token, obtained.tokens.refresh_token);
    await t.db.update(oauthRefreshTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const stale = await obtained.client.token({ grant_type: 'refresh_token', refresh_token: obtained.tokens.refresh_token, client_id: obtained.clientId });
    expect([stale.status, stale.body.error, stale.body.error_description]).toEqual([400, 'invalid_grant', 'The refresh token has expired']);
    expect(Number(obtained.tokens.expires_in)).toBe(600);
  });

  it('ends connected applications on "log out everywhere", as it ends sessions', async () => {
    const person = await t.createUser();
    const { tokens } = await obtainTokens(base, person.apiKey);
    keep(tokens.access_token, tokens.refresh_token);
    expect((await mcpInitialize(`${base}/mcp`, tokens.access_token)).status).toBe(200);
    expect((await fetch(`${base}/auth/logout`, { method: 'POST', headers: person.headers })).status).toBe(200);
    expect((await mcpInitialize(`${base}/mcp`, tokens.access_token)).status).toBe(401);
    expect((await mcpInitialize(`${base}/mcp`, person.apiKey)).status).toBe(200);
  });

  it('wrote none of the secrets it handled to the log', () => {
    expect(secrets.length).toBeGreaterThan(10);
    const text = log.text();
    expect(text).toContain('oauth request refused');
    for (const secret of secrets) expect(text.includes(secret), `a secret of ${secret.length} characters is in the log`).toBe(false);
  });
});
