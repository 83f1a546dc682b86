import type { AddressInfo } from 'node:net';
import { discoverOAuthProtectedResourceMetadata, extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { checkResourceAllowed } from '@modelcontextprotocol/sdk/shared/auth-utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

const ISSUER = 'https://issuer.example.test/';
const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

// MCP authorization (2025-11-25): the 401 challenge on /mcp/** and RFC 9728 resource metadata.
describe('MCP authorization: challenge and protected resource metadata', { timeout: 30_000 }, () => {
  let plain: TestApp;
  let oauth: TestApp;
  let base: string;
  let oauthBase: string;

  beforeAll(async () => {
    plain = await createTestApp({ worker: false });
    oauth = await createTestApp({ worker: false, env: { OAUTH_ISSUER: ISSUER, OAUTH_JWKS_URL: `${ISSUER}jwks`, OAUTH_AUDIENCE: 'switchboard' } });
    base = await listen(plain);
    oauthBase = await listen(oauth);
  }, 120_000);
  afterAll(async () => {
    await plain?.close();
    await oauth?.close();
  });

  const initialize = (url: string, headers: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(INIT) });

  it('answers a request without credentials with 401, the challenge and the spec\'s error body', async () => {
    // /mcp itself (helper M1's endpoint) is covered by the same hook.
    // Each pack's endpoint is a resource of its own (issue 36): its challenge names its own metadata.
    for (const [path, resource] of [['/mcp', '/mcp'], ['/mcp/servers', '/mcp'], ['/mcp/packs/some-pack', '/mcp/packs/some-pack']]) {
      const response = await initialize(`${base}${path}`);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource${resource}"`);
      expect(await response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Authentication required: send an API key or token', details: {} } });
    }
  });

  it('marks a refused credential invalid_token', async () => {
    const response = await initialize(`${base}/mcp/servers`, { authorization: 'Bearer sb_notakey_0000' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(`Bearer error="invalid_token", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
    expect((await response.json()).error.code).toBe('UNAUTHORIZED');
  });

  it('leaves REST 401s as they were, including routes whose path merely starts with /mcp', async () => {
    for (const url of ['/custom-packs/packs', '/mcp_servers', '/v1/servers']) {
      const response = await plain.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBeUndefined();
    }
  });

  it('publishes the same metadata at the well-known address and its /mcp form, naming Switchboard itself when no issuer is configured', async () => {
    const expected = {
      resource: `${base}/mcp`,
      authorization_servers: [base],
      scopes_supported: ['search', 'run', 'jobs'],
      bearer_methods_supported: ['header'],
      resource_name: 'Switchboard',
      resource_documentation: `${base}/docs`,
    };
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(expected);
    }
  });

  it('names the configured OAuth issuer', async () => {
    const body = await (await fetch(`${oauthBase}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(body).toMatchObject({ resource: `${oauthBase}/mcp`, authorization_servers: [ISSUER], bearer_methods_supported: ['header'] });
  });

  it('is what the SDK client discovers from the challenge: a pack endpoint is its own resource', async () => {
    const client = new Client({ name: 'auth-test', version: '1.0.0' });
    const packUrl = new URL(`${oauthBase}/mcp/packs/p1`);
    // Without credentials (and no OAuth provider) the SDK client gives up with the 401.
    await expect(client.connect(new StreamableHTTPClientTransport(packUrl))).rejects.toMatchObject({ code: 401 });

    const challenge = extractWWWAuthenticateParams(await initialize(packUrl.href));
    expect(challenge.resourceMetadataUrl?.href).toBe(`${oauthBase}/.well-known/oauth-protected-resource/mcp/packs/p1`);
    const metadata = await discoverOAuthProtectedResourceMetadata(packUrl, { resourceMetadataUrl: challenge.resourceMetadataUrl });
    expect(metadata.authorization_servers).toEqual([ISSUER]);
    expect(metadata.resource).toBe(packUrl.href);
    expect(checkResourceAllowed({ requestedResource: packUrl, configuredResource: metadata.resource })).toBe(true);
    // A token asked for this pack is no token for /mcp (the prefix rule runs one way only).
    expect(checkResourceAllowed({ requestedResource: `${oauthBase}/mcp`, configuredResource: metadata.resource })).toBe(false);
  });
});
