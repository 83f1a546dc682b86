import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serve } from '../console/browser.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { localServer, obtainTokens } from './helpers.ts';

// Issue 36: a browser-based MCP client on another origin discovers, registers, exchanges and speaks
// MCP with us. Driven from a real page in Chromium on another origin (localhost vs 127.0.0.1): what
// it needs it can read (the 401's WWW-Authenticate, metadata, the session id), nothing more is
// opened (REST, /oauth/authorize), and a request with the browser's credentials is refused by its
// preflight: these routes take bearer tokens only, and we never send Allow-Credentials.
describe('CORS for browser-based MCP clients', { timeout: 180_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: Browser;
  let page: Page;
  let pageSite: Awaited<ReturnType<typeof localServer>>;
  let apiKey: string;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    origin = await serve(t);
    apiKey = (await t.createUser({ plan: 'pro' })).apiKey;
    pageSite = await localServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>client</title>'));
    browser = await launchBrowser();
    page = await browser.newPage();
    // Another origin than the service's: the same port space, another host name.
    await page.goto(pageSite.url.replace('127.0.0.1', 'localhost'));
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await pageSite?.close();
    await t?.close();
  });

  type Seen = { ok: true; status: number; headers: Record<string, string | null>; body: string } | { ok: false; error: string };
  const fromPage = (url: string, init: RequestInit & { read?: string[] } = {}) =>
    page.evaluate(
      async ({ url, init }): Promise<Seen> => {
        try {
          const response = await fetch(url, init);
          const headers = Object.fromEntries((init.read ?? []).map((name) => [name, response.headers.get(name)]));
          return { ok: true, status: response.status, headers, body: await response.text() };
        } catch (error) {
          return { ok: false, error: String(error) };
        }
      },
      { url, init },
    );
  const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'web', version: '1' } } });
  const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

  it('lets the page read the 401 challenge and follow discovery and registration', async () => {
    const challenged = await fromPage(`${origin}/mcp`, { method: 'POST', headers: mcpHeaders, body: initialize, read: ['www-authenticate'] });
    expect(challenged.ok && challenged.status).toBe(401);
    const header = challenged.ok ? (challenged.headers['www-authenticate'] ?? '') : '';
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(header)?.[1] ?? '';
    expect(metadataUrl).toContain('/.well-known/oauth-protected-resource');
    const prm = await fromPage(metadataUrl);
    expect(prm.ok && prm.status).toBe(200);
    const asMetadata = await fromPage(`${origin}/.well-known/oauth-authorization-server`);
    expect(asMetadata.ok && asMetadata.status).toBe(200);
    const registered = await fromPage(`${origin}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'web', redirect_uris: ['http://localhost:9/cb'], token_endpoint_auth_method: 'none' }),
    });
    expect(registered.ok && registered.status).toBe(201);
    // The token endpoint answers the page (here: its refusal of a made-up code, readable as JSON).
    const token = await fromPage(`${origin}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=authorization_code&code=nope' });
    expect(token.ok && token.status).toBe(400);
    expect(token.ok && JSON.parse(token.body).error).toBeTruthy();
  });

  it('lets the page speak MCP with its token and read the session id', async () => {
    const { tokens } = await obtainTokens(origin, apiKey);
    const headers = { ...mcpHeaders, authorization: `Bearer ${tokens.access_token as string}` };
    const opened = await fromPage(`${origin}/mcp`, { method: 'POST', headers, body: initialize, read: ['mcp-session-id'] });
    expect(opened.ok && opened.status, JSON.stringify(opened)).toBe(200);
    // Stateless or not, the header is exposed to the page: what the server sends, the page reads.
    const direct = await fetch(`${origin}/mcp`, { method: 'POST', headers: { ...headers, origin: 'http://localhost' }, body: initialize });
    expect(direct.headers.get('access-control-expose-headers')).toBe('WWW-Authenticate, Mcp-Session-Id');
    expect(opened.ok && opened.headers['mcp-session-id']).toBe(direct.headers.get('mcp-session-id'));
  });

  it('refuses credentialed requests and opens nothing else', async () => {
    const credentialed = await fromPage(`${origin}/mcp`, { method: 'POST', headers: mcpHeaders, body: initialize, credentials: 'include' });
    expect(credentialed.ok).toBe(false);
    const preflight = await fetch(`${origin}/mcp`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, mcp-session-id' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID');
    // The REST API and the authorization page stay same-origin.
    for (const path of ['/api-keys', '/account/rate-limits', `/oauth/authorize?client_id=x`]) {
      const read = await fromPage(`${origin}${path}`, { headers: { authorization: `Bearer ${apiKey}` } });
      expect(read.ok, path).toBe(false);
    }
    expect((await fetch(`${origin}/api-keys`, { method: 'OPTIONS', headers: { origin: 'http://localhost', 'access-control-request-method': 'GET' } })).headers.get('access-control-allow-origin')).toBeNull();
  });
});
