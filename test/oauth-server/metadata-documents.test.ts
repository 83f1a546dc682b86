import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { serve } from '../console/browser.ts';
import { pkce } from './helpers.ts';

/** A self-signed certificate for 127.0.0.1, made for this run: Client ID Metadata Documents are https only. */
function selfSigned() {
  const dir = mkdtempSync(join(tmpdir(), 'cimd-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'], {
    stdio: 'ignore',
  });
  return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
}

// Issue 36: a client_id that is an https URL names a Client ID Metadata Document, fetched through
// the service's one guarded connect path and treated as hostile: too large, the wrong
// client_id, a redirect elsewhere, too slow, or on a private address — each refused with
// invalid_client before any login page.
describe('OAuth: Client ID Metadata Documents', { timeout: 90_000 }, () => {
  let t: TestApp;
  let strict: TestApp;
  let base: string;
  let strictBase: string;
  let documents: Server;
  let origin: string;
  const previousTls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

  const redirectUri = 'http://127.0.0.1:8977/callback';
  const routes: Record<string, (request: IncomingMessage, response: ServerResponse, url: string) => void> = {
    '/good.json': (_q, r, url) => r.end(JSON.stringify({ client_id: url, client_name: 'Documented Client', redirect_uris: [redirectUri] })),
    '/big.json': (_q, r, url) => r.end(JSON.stringify({ client_id: url, redirect_uris: [redirectUri], padding: 'x'.repeat(64 * 1024) })),
    '/other.json': (_q, r) => r.end(JSON.stringify({ client_id: 'https://someone-else.example/client.json', redirect_uris: [redirectUri] })),
    '/moved.json': (_q, r) => r.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    '/slow.json': (_q, r, url) => void setTimeout(() => r.end(JSON.stringify({ client_id: url, redirect_uris: [redirectUri] })), 7_000).unref(),
    '/bad-redirect.json': (_q, r, url) => r.end(JSON.stringify({ client_id: url, redirect_uris: ['http://attacker.example/cb'] })),
  };

  beforeAll(async () => {
    // The stand-in's certificate is self-signed: trust it in this test process only. The
    // service's check of the target address (the guard) is what this file tests, not TLS.
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    documents = createServer(selfSigned(), (request, response) => {
      const url = `${origin}${request.url}`;
      const route = routes[request.url ?? ''];
      if (route) route(request, response, url);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
    origin = `https://127.0.0.1:${(documents.address() as AddressInfo).port}`;
    // The documents live on 127.0.0.1: this app may reach private addresses, the other may not.
    t = await createTestApp({ worker: false, env: { OAUTH_CIMD_ALLOW_PRIVATE: 'true' } });
    strict = await createTestApp({ worker: false });
    base = await serve(t);
    strictBase = await serve(strict);
  }, 120_000);
  afterAll(async () => {
    documents?.closeAllConnections();
    documents?.close();
    await t?.close();
    await strict?.close();
    if (previousTls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTls;
  });

  const authorize = async (at: string, clientId: string, challenge = pkce().challenge) => {
    const query = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: 'S256' });
    const response = await fetch(`${at}/oauth/authorize?${query}`, { redirect: 'manual' });
    return { status: response.status, location: response.headers.get('location'), body: response.status === 302 ? undefined : await response.json() };
  };

  it('admits a client by its document, shows its host on the consent, and issues tokens to it', async () => {
    const clientId = `${origin}/good.json`;
    const { verifier, challenge } = pkce();
    const started = await authorize(base, clientId, challenge);
    expect(started.status).toBe(302);
    expect(started.location).toContain('/console/oauth/authorize?request=');
    const { apiKey } = await t.createUser();
    const handle = new URL(started.location ?? '').searchParams.get('request') ?? '';
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    const shown = await (await fetch(`${base}/oauth/consent?request=${encodeURIComponent(handle)}`, { headers })).json();
    expect(shown).toMatchObject({ client_id: clientId, client_name: 'Documented Client', client_host: new URL(origin).host, registered: false });
    const decided = await (await fetch(`${base}/oauth/consent`, { method: 'POST', headers, body: JSON.stringify({ request: handle, decision: 'approve' }) })).json();
    const code = new URL(decided.redirect_to).searchParams.get('code') ?? '';
    const body = new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId, redirect_uri: redirectUri });
    const exchanged = await fetch(`${base}/oauth/token`, { method: 'POST', body });
    expect(exchanged.status).toBe(200);
  });

  it('is what the SDK client uses when given a metadata document URL: no registration, a tool call with the token', async () => {
    const clientId = `${origin}/good.json`;
    let authorizationUrl: URL | undefined;
    let saved: OAuthTokens | undefined;
    let verifier = '';
    let info: OAuthClientInformationMixed | undefined;
    const provider: OAuthClientProvider = {
      redirectUrl: redirectUri,
      clientMetadataUrl: clientId,
      clientMetadata: { client_name: 'Documented Client', redirect_uris: [redirectUri] },
      clientInformation: () => info,
      saveClientInformation: (given) => void (info = given),
      tokens: () => saved,
      saveTokens: (tokens) => void (saved = tokens),
      redirectToAuthorization: (url) => void (authorizationUrl = url),
      saveCodeVerifier: (v) => void (verifier = v),
      codeVerifier: () => verifier,
    };
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider });
    await expect(new Client({ name: 'cimd', version: '1' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(authorizationUrl?.searchParams.get('client_id')).toBe(clientId);
    const started = await fetch(authorizationUrl?.href ?? '', { redirect: 'manual' });
    expect(started.status).toBe(302);
    const { apiKey } = await t.createUser();
    const handle = new URL(started.headers.get('location') ?? '').searchParams.get('request') ?? '';
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    const decided = await (await fetch(`${base}/oauth/consent`, { method: 'POST', headers, body: JSON.stringify({ request: handle, decision: 'approve' }) })).json();
    await transport.finishAuth(new URL(decided.redirect_to).searchParams.get('code') ?? '');
    const client = new Client({ name: 'cimd', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider }));
    expect((await client.callTool({ name: 'list_servers', arguments: {} })).isError).not.toBe(true);
    await client.close();
  });

  it('refuses hostile documents with invalid_client, never redirecting', async () => {
    for (const [path, reason] of [
      ['/big.json', /too large/],
      ['/other.json', /another client_id/],
      ['/moved.json', /answered 302/],
      ['/bad-redirect.json', /not acceptable/],
      ['/missing.json', /answered 404/],
    ] as const) {
      const answer = await authorize(base, `${origin}${path}`);
      expect([path, answer.status, answer.location, answer.body?.error]).toEqual([path, 401, null, 'invalid_client']);
      expect(answer.body?.error_description).toMatch(reason);
    }
  });

  it('gives up on a slow document', async () => {
    const started = Date.now();
    const answer = await authorize(base, `${origin}/slow.json`);
    expect([answer.status, answer.body?.error]).toEqual([401, 'invalid_client']);
    expect(answer.body?.error_description).toMatch(/timed out/);
    expect(Date.now() - started).toBeLessThan(6_500);
  });

  it('never fetches from a private address unless the operator allows it', async () => {
    const answer = await authorize(strictBase, `${origin}/good.json`);
    expect([answer.status, answer.location, answer.body?.error]).toEqual([401, null, 'invalid_client']);
    expect(answer.body?.error_description).toMatch(/could not be fetched/);
  });
});
