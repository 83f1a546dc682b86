import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSearchAttributes } from '../execution/helpers/setup.ts';
import { capturedLogger, databaseDump } from '../credentials/helpers.ts';
import { connect as mcpConnect, textOf } from '../mcp-face/helpers.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { addRemote } from './helpers.ts';
import { OAuthStandIn } from './stand-in.ts';

// Issue 36, item 2: Switchboard as each user's OAuth client of a remote MCP server. Against a
// stand-in server with its own authorization server (stand-in.ts), over real HTTP: two users
// connect their own accounts (discovery from the 401, dynamic registration, PKCE + resource,
// our callback), each call carries only its user's token, expiry and a 401 are refreshed
// without a failed call (one refresh for concurrent calls), a revoked grant turns into
// CREDENTIALS_REQUIRED with the reconnect link on REST and MCP, and no secret shows anywhere.

type User = Awaited<ReturnType<TestApp['createUser']>>;

const OPERATOR_TOKEN = 'operator-shared-token';

let t: TestApp;
let base: string;
let alice: User;
let bob: User;
const standIn = new OAuthStandIn();
const logs = capturedLogger();
const bodies: string[] = [];
const clients: Client[] = [];

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: Record<string, unknown>) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  const text = await response.text();
  bodies.push(text);
  return { status: response.status, text, json: () => JSON.parse(text) };
}

const run = (user: User, server = 'remote') => call('POST', '/v1/execute_tool', user.headers, { tool_name: `${server}/whoami`, params: {} });

/** The person's part: open the authorization URL as their account and follow the redirects back to our callback. */
async function authorize(user: User, account: string, server = 'remote') {
  const started = await call('POST', `/mcp_servers/${server}/connection`, user.headers);
  expect(started.status, started.text).toBe(200);
  const url = new URL(started.json().authorization_url as string);
  url.searchParams.set('login_hint', account);
  const landed = await fetch(url, { redirect: 'follow' });
  const page = await landed.text();
  bodies.push(page);
  return { landed, page, url };
}

beforeAll(async () => {
  await standIn.start();
  t = await createTestApp({ logger: logs.logger });
  await registerSearchAttributes(t.temporal.client, t.temporal.namespace);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // A shared header the operator pinned: only the user's own token may go upstream, never this.
  await addRemote(t, 'remote', standIn.mcpUrl, { type: 'streamable-http', url: standIn.mcpUrl, headers: { Authorization: `Bearer ${OPERATOR_TOKEN}` } });
  await addRemote(t, 'remote-bare', `${standIn.base}/bare/mcp`);
  await addRemote(t, 'remote-private-as', `${standIn.base}/private/mcp`);
  await addRemote(t, 'remote-huge-as', `${standIn.base}/huge/mcp`);
  await addRemote(t, 'remote-open', `${standIn.base}/open/mcp`);
  await addRemote(t, 'local-stdio', '', { type: 'stdio', command: process.execPath, args: ['--version'] });
  alice = await t.createUser({ plan: 'pro' });
  bob = await t.createUser({ plan: 'pro' });
}, 180_000);

afterAll(async () => {
  for (const client of clients) await client.close();
  await t?.close();
  await standIn.stop();
});

describe('connecting a remote OAuth server, per user', { timeout: 90_000 }, () => {
  it('two users connect their own accounts; each call carries only its user\'s token', async () => {
    // The operator's own refresh at creation used the pinned header (the operator's choice for its own instance); from here on only users' sessions call.
    const fromHere = standIn.authorizations.length;
    const before = await call('GET', '/mcp_servers/remote/connection', alice.headers);
    // The operator's tools/list at creation met the 401: discovery marked it as asking for OAuth before anyone connected.
    expect(before.json()).toMatchObject({ server: 'remote', status: 'not_connected', oauth: true });
    const { landed, page } = await authorize(alice, 'alice');
    expect(landed.status, page).toBe(200);
    expect(page).toContain('remote is connected');
    const status = (await call('GET', '/mcp_servers/remote/connection', alice.headers)).json();
    expect(status).toMatchObject({ server: 'remote', oauth: true, status: 'connected' });
    expect(status.expires_at).toBeGreaterThan(Date.now() / 1000 + 3000);

    // Bob has not connected: refused before any run, with the page where he connects.
    const refused = await run(bob);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'CREDENTIALS_REQUIRED',
      details: { server: 'remote', connect: true, reconnect: false, setup_url: `${base}/console/servers/remote#credentials` },
    });
    expect(standIn.calls).toEqual([]);

    await authorize(bob, 'bob');
    const a = await run(alice);
    const b = await run(bob);
    expect(a.status, a.text).toBe(200);
    expect(b.status, b.text).toBe(200);
    expect(a.text).toContain('account alice');
    expect(b.text).toContain('account bob');
    // The stand-in knows each token's account: every call carried the token of the user who made it.
    expect(standIn.calls.map((c) => c.account)).toEqual(['alice', 'bob']);
    expect(new Set(standIn.calls.map((c) => c.token)).size).toBe(2);
    // A user's session sends neither the operator's pinned header nor the user's own key to Switchboard: only their AS token.
    const users = standIn.authorizations.slice(fromHere).filter((a) => a !== '');
    expect(users.length).toBeGreaterThan(2);
    for (const never of [OPERATOR_TOKEN, alice.apiKey, bob.apiKey]) expect(users.join('\n')).not.toContain(never);
    expect(users.every((a) => /^Bearer at-[0-9a-f]{32}$/.test(a))).toBe(true);
  });

  it('serves our Client ID Metadata Document', async () => {
    const document = (await call('GET', '/oauth/client-metadata.json', {})).json();
    expect(document).toMatchObject({ client_id: `${base}/oauth/client-metadata.json`, redirect_uris: [`${base}/oauth/callback`], token_endpoint_auth_method: 'none' });
  });

  it('refreshes on a 401 and before expiry without a failed call, one refresh for concurrent calls', async () => {
    // Tokens from now on live 65 s: within REFRESH_AHEAD_MS (60 s) five seconds after they are issued.
    standIn.accessTtlSeconds = 65;
    standIn.expireAccessTokens('alice');
    const after401 = await run(alice);
    expect(after401.status, after401.text).toBe(200);
    expect(standIn.refreshes.get('alice')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    // Four calls at once on a token about to expire: one refresh (a rotated refresh token spent twice would end the grant).
    const results = await Promise.all([run(alice), run(alice), run(alice), run(alice)]);
    for (const r of results) expect(r.status, r.text).toBe(200);
    expect(standIn.refreshes.get('alice')).toBe(2);
    const tokens = standIn.calls.filter((c) => c.account === 'alice').map((c) => c.token);
    expect(new Set(tokens.slice(-4)).size).toBe(1);
    expect(standIn.refreshes.get('bob')).toBeUndefined();
  });

  it('a revoked grant is CREDENTIALS_REQUIRED with the reconnect link, on REST and MCP; reconnecting mends it', async () => {
    standIn.revoke('alice');
    const revoked = await run(alice);
    expect(revoked.status, revoked.text).toBe(409);
    expect(revoked.json().error).toMatchObject({ code: 'CREDENTIALS_REQUIRED', details: { server: 'remote', reconnect: true, setup_url: `${base}/console/servers/remote#credentials` } });
    expect((await call('GET', '/mcp_servers/remote/connection', alice.headers)).json()).toMatchObject({ status: 'needs_reconnect' });
    const again = await run(alice);
    expect(again.status).toBe(409);
    expect(again.json().error.details).toMatchObject({ reconnect: true });
    // Bob's connection is his own: untouched.
    expect((await run(bob)).text).toContain('account bob');

    const mcp = await mcpConnect(`${base}/mcp`, alice.apiKey);
    clients.push(mcp);
    const result = await mcp.callTool({ name: 'execute_tool', arguments: { tool_name: 'remote/whoami', params: {} } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^CREDENTIALS_REQUIRED: /);
    expect(textOf(result)).toContain(`${base}/console/servers/remote#credentials`);
    const pack = await call('POST', '/custom-packs/packs', alice.headers, { name: 'Remote', description: 'the OAuth stand-in', servers: ['remote'] });
    expect(pack.status, pack.text).toBe(201);
    const eliciting = await mcpConnect(`${base}/mcp/packs/${pack.json().id}`, alice.apiKey, { elicitation: { url: {} } });
    clients.push(eliciting);
    const elicited = await eliciting.callTool({ name: 'remote__whoami', arguments: {} }).then(
      () => undefined,
      (error: unknown) => error as { code: number; data?: { elicitations?: { mode: string; url: string }[] } },
    );
    expect(elicited?.code).toBe(-32042);
    expect(elicited?.data?.elicitations?.[0]).toMatchObject({ mode: 'url', url: `${base}/console/servers/remote#credentials` });

    await authorize(alice, 'alice');
    const mended = await run(alice);
    expect(mended.status, mended.text).toBe(200);
    expect(mended.text).toContain('account alice');
  });

  it('a job whose worker meets the revoked grant fails with CREDENTIALS_REQUIRED, not a tool error', async () => {
    standIn.revoke('bob');
    const submitted = await call('POST', '/jobs/submit', bob.headers, { tool: 'remote/whoami', arguments: {} });
    expect(submitted.status, submitted.text).toBe(200);
    const id = submitted.json().job_id as string;
    let job: { status: string; error?: { code: string; details: Record<string, unknown> } } = { status: 'pending' };
    for (let i = 0; i < 100 && !['completed', 'failed', 'timeout'].includes(job.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = (await call('GET', `/jobs/${id}`, bob.headers)).json();
    }
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ code: 'CREDENTIALS_REQUIRED', details: { server: 'remote', reconnect: true } });
    expect((await call('GET', '/mcp_servers/remote/connection', bob.headers)).json()).toMatchObject({ status: 'needs_reconnect' });
  });

  it('disconnects: the tokens go, calls are refused again, a second disconnect is 404', async () => {
    const removed = await call('DELETE', '/mcp_servers/remote/connection', bob.headers);
    expect(removed.status, removed.text).toBe(204);
    expect((await call('GET', '/mcp_servers/remote/connection', bob.headers)).json()).toMatchObject({ status: 'not_connected' });
    expect((await run(bob)).status).toBe(409);
    expect((await call('DELETE', '/mcp_servers/remote/connection', bob.headers)).status).toBe(404);
  });

  it('availability says needs_credentials, with the connect page, to a user without a connection and ready to one with it', async () => {
    const detail = async (user: User) => (await call('GET', '/v1/tools/whoami?server=remote', user.headers)).json().data.availability;
    expect(await detail(bob)).toMatchObject({ state: 'needs_credentials', setup_url: `${base}/console/servers/remote#credentials` });
    expect(await detail(alice)).toMatchObject({ state: 'ready' });
  });

});

describe('bad input', { timeout: 60_000 }, () => {
  it('a callback with an unknown, replayed or expired state is refused with 400 naming the state', async () => {
    const unknown = await call('GET', '/oauth/callback?state=not-ours&code=whatever', {});
    expect(unknown.status).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: 'INVALID_REQUEST', details: { parameter: 'state' } });

    // The redirect back to us, captured instead of followed: replayed, it finds nothing.
    const started = (await call('POST', '/mcp_servers/remote/connection', bob.headers)).json();
    const url = new URL(started.authorization_url as string);
    url.searchParams.set('login_hint', 'bob');
    const redirect = await fetch(url, { redirect: 'manual' });
    const callback = redirect.headers.get('location') ?? '';
    expect(callback.startsWith(`${base}/oauth/callback?`)).toBe(true);
    expect((await fetch(callback)).status).toBe(200);
    const replayed = await fetch(callback);
    expect(replayed.status).toBe(400);
    bodies.push(await replayed.text());

    const late = (await call('POST', '/mcp_servers/remote/connection', bob.headers)).json();
    await t.db.execute(sql`update oauth_pending_authorizations set expires_at = now() - interval '1 minute'`);
    const lateUrl = new URL(late.authorization_url as string);
    lateUrl.searchParams.set('login_hint', 'bob');
    const expired = await fetch(lateUrl, { redirect: 'follow' });
    expect(expired.status).toBe(400);
    expect(JSON.parse(await expired.text()).error.details).toMatchObject({ parameter: 'state', reason: 'unknown_or_expired' });

    const denied = await call('GET', '/oauth/callback?state=x&error=access_denied', {});
    expect(denied.status).toBe(400);
    expect(denied.json().error.details).toMatchObject({ parameter: 'error', reason: 'access_not_granted' });
  });

  it.each([
    ['a server without protected resource metadata', 'remote-bare', /no valid OAuth protected resource metadata/],
    ['a PRM naming an authorization server at a private address', 'remote-private-as', /could not be read, is not valid, or its address is refused/],
    ['authorization server metadata of 200 KB', 'remote-huge-as', /could not be read, is not valid, or its address is refused/],
  ])('%s: 502 UPSTREAM_ERROR naming the step, nothing stored', async (_what, server, message) => {
    const refused = await call('POST', `/mcp_servers/${server}/connection`, alice.headers);
    expect(refused.status, refused.text).toBe(502);
    expect(refused.json().error).toMatchObject({ code: 'UPSTREAM_ERROR', details: { step: 'discovery' } });
    expect(refused.json().error.message).toMatch(message);
    expect((await call('GET', `/mcp_servers/${server}/connection`, alice.headers)).json()).toMatchObject({ oauth: false, status: 'not_connected' });
  });

  it('a server that does not ask for OAuth, or is not remote, is a 400, not a connection', async () => {
    const open = await call('POST', '/mcp_servers/remote-open/connection', alice.headers);
    expect(open.status, open.text).toBe(400);
    expect(open.json().error.details).toMatchObject({ parameter: 'server', reason: 'not_oauth_protected' });
    const local = await call('POST', '/mcp_servers/local-stdio/connection', alice.headers);
    expect(local.status, local.text).toBe(400);
    expect(local.json().error.details).toMatchObject({ parameter: 'server', reason: 'not_remote' });
    expect((await call('POST', '/mcp_servers/no-such-server/connection', alice.headers)).status).toBe(404);
  });
});

describe('secrets', () => {
  it('no code, access or refresh token appears in a log line, an answer or a table in clear', async () => {
    expect(standIn.issued.length).toBeGreaterThan(8);
    const logText = logs.text();
    expect(logText).toContain('oauth connection made');
    const dump = await databaseDump(t.db);
    expect(dump).toContain('oauth:tokens');
    const answers = bodies.join('\n');
    for (const secret of standIn.issued) {
      expect(logText).not.toContain(secret);
      expect(answers).not.toContain(secret);
      expect(dump).not.toContain(secret);
    }
  });

  it('a connection and its tokens are gone with the user', async () => {
    const rows = async () => (await databaseDump(t.db)).split('\n').filter((line) => line.includes(alice.user.id) && /oauth|ciphertext/.test(line));
    expect((await rows()).length).toBeGreaterThan(0);
    const deleted = await call('DELETE', `/admin/users/${alice.user.id}`, t.adminHeaders);
    expect(deleted.status, deleted.text).toBe(200);
    expect(await rows()).toEqual([]);
  });
});
