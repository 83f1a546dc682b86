import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { OAuthMetadataSchema, OpenIdProviderDiscoveryMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { launchBrowser, serve, signIn } from '../console/browser.ts';
import { localServer, mcpInitialize, oauthClient, obtainTokens } from './helpers.ts';

/** The SDK's OAuth provider as a hosted client keeps it: in memory, one per client. */
class MemoryProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  constructor(readonly redirectUrl: string) {}
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'Hosted Test Client', redirect_uris: [this.redirectUrl], grant_types: ['authorization_code', 'refresh_token'], token_endpoint_auth_method: 'none' };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

// Issue 36, "Done when": the whole inbound flow as a hosted MCP client drives it — the 401's
// resource_metadata, the metadata documents, dynamic registration, the console's login and
// consent in a real Chromium, the code exchange with PKCE, a tool call, refresh, revocation —
// and tokens bound to the one resource they were issued for.
describe('OAuth: an MCP client connects with a login instead of a key', { timeout: 180_000 }, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let callback: Awaited<ReturnType<typeof localServer>>;
  let user: Awaited<ReturnType<TestApp['createUser']>>;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    base = await serve(t);
    browser = await launchBrowser();
    callback = await localServer((_request, response) => response.end('done'));
    user = await t.createUser({ plan: 'pro' });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await callback?.close();
    await t?.close();
  });

  /** The browser goes where the client sends it, the person signs in (if asked) and decides; answers the callback URL. */
  async function consentInBrowser(page: Page, authorizationUrl: URL, approve: boolean | 'remembered'): Promise<URL> {
    await page.goto(authorizationUrl.href);
    if (approve !== 'remembered') {
      if (await page.getByLabel('API key').isVisible().catch(() => false)) await signIn(page, user.apiKey);
      await page.getByTestId('oauth-client-name').waitFor();
      if (approve) await page.getByRole('button', { name: 'Approve' }).click();
      else await page.getByRole('button', { name: 'Deny' }).click();
    }
    await page.waitForURL((url) => url.href.startsWith(`${callback.url}/callback`));
    return new URL(page.url());
  }

  it('discovers, registers, signs in and consents in the console, calls a tool, refreshes and revokes', async () => {
    // Discovery as a client starts it: the 401 names the metadata, which names us as the issuer.
    const first = await mcpInitialize(`${base}/mcp`);
    expect(first.status).toBe(401);
    const prmUrl = /resource_metadata="([^"]+)"/.exec(first.challenge ?? '')?.[1] ?? '';
    const prm = await (await fetch(prmUrl)).json();
    expect(prm).toMatchObject({ resource: `${base}/mcp`, authorization_servers: [base], scopes_supported: ['search', 'run', 'jobs'] });
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const metadata = await (await fetch(`${base}${path}`)).json();
      expect(metadata).toMatchObject({ issuer: base, code_challenge_methods_supported: ['S256'], registration_endpoint: `${base}/oauth/register` });
      // As the SDK reads each address: RFC 8414's schema, or OpenID Connect Discovery's.
      const schema = path.endsWith('openid-configuration') ? OpenIdProviderDiscoveryMetadataSchema : OAuthMetadataSchema;
      expect(schema.safeParse(metadata).success).toBe(true);
    }

    // The SDK's own OAuth client: it registers dynamically and sends the person to authorize.
    const provider = new MemoryProvider(`${callback.url}/callback`);
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider });
    const client = new Client({ name: 'hosted', version: '1.0.0' });
    await expect(client.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.info?.client_id).toMatch(/^sbc_/);
    const authorizationUrl = provider.authorizationUrl as URL;
    expect(authorizationUrl.searchParams.get('resource')).toBe(`${base}/mcp`);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(authorizationUrl.href);
    await page.getByText('Sign in to decide whether an application may connect to your account.').waitFor();
    await signIn(page, user.apiKey);
    await page.getByTestId('oauth-client-name').waitFor();
    expect(await page.getByTestId('oauth-client-name').textContent()).toBe('Hosted Test Client');
    expect(await page.getByTestId('oauth-resource').textContent()).toBe(`${base}/mcp`);
    expect(await page.getByTestId('oauth-redirect-host').textContent()).toBe(new URL(callback.url).host);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${callback.url}/callback`));
    const redirected = new URL(page.url());
    expect(redirected.searchParams.get('iss')).toBe(base);
    await transport.finishAuth(redirected.searchParams.get('code') ?? '');
    const tokens = provider.saved as OAuthTokens;
    expect(tokens.expires_in).toBe(600);

    const connected = new Client({ name: 'hosted', version: '1.0.0' });
    await connected.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider }));
    const listed = await connected.callTool({ name: 'list_servers', arguments: {} });
    expect(listed.isError).not.toBe(true);
    await connected.close();

    // Consent is remembered for this client, resource and scopes: the next authorization asks nothing.
    const again = oauthClient(base, provider.redirectUrl);
    const started = await again.authorize({
      response_type: 'code',
      client_id: provider.info?.client_id,
      redirect_uri: provider.redirectUrl,
      code_challenge: authorizationUrl.searchParams.get('code_challenge') ?? '',
      code_challenge_method: 'S256',
      resource: `${base}/mcp`,
      scope: authorizationUrl.searchParams.get('scope') ?? undefined,
    });
    expect((await consentInBrowser(page, new URL(started.location ?? ''), 'remembered')).searchParams.get('code')).toBeTruthy();

    // Refresh rotates; the new access token works, the old refresh token is spent.
    const refreshed = await again.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: provider.info?.client_id });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await mcpInitialize(`${base}/mcp`, refreshed.body.access_token)).status).toBe(200);

    // RFC 7009: the client revokes; every token of the grant stops at once.
    expect(await again.revoke({ token: refreshed.body.refresh_token, client_id: provider.info?.client_id })).toBe(200);
    const after = await mcpInitialize(`${base}/mcp`, refreshed.body.access_token);
    expect(after.status).toBe(401);
    expect(after.challenge).toContain('error="invalid_token"');
    // Unknown tokens are answered 200 too (RFC 7009 section 2.2).
    expect(await again.revoke({ token: 'not-a-token' })).toBe(200);
    await context.close();
  });

  it('lets the person deny, and see and revoke connected clients on the account page', async () => {
    const provider = oauthClient(base, `${callback.url}/callback`);
    const clientId = (await provider.register({ client_name: 'Denied Client' })).body.client_id as string;
    const started = await provider.authorize({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: provider.redirectUri,
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      state: 's',
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    const denied = await consentInBrowser(page, new URL(started.location ?? ''), false);
    expect([denied.searchParams.get('error'), denied.searchParams.get('state')]).toEqual(['access_denied', 's']);

    const { tokens } = await obtainTokens(base, user.apiKey);
    expect((await mcpInitialize(`${base}/mcp`, tokens.access_token)).status).toBe(200);
    await page.goto(`${base}/console/account`);
    const row = page.getByTestId('connected-client-row').filter({ hasText: 'Test client' }).filter({ hasText: 'active' }).first();
    await row.waitFor();
    const rows = page.getByTestId('connected-client-row').filter({ hasText: 'Test client' });
    const revokedBefore = await rows.filter({ hasText: 'revoked' }).count();
    await row.getByRole('button', { name: /^Revoke/ }).click();
    await expect.poll(() => rows.filter({ hasText: 'revoked' }).count()).toBe(revokedBefore + 1);
    expect((await mcpInitialize(`${base}/mcp`, tokens.access_token)).status).toBe(401);
    const listed = await (await fetch(`${base}/account/connected-clients`, { headers: user.headers })).json();
    expect(listed.clients.some((c: { revoked_reason: string | null }) => c.revoked_reason === 'user')).toBe(true);
    await context.close();
  });

  it('binds a token to one pack: refused at another pack and at /mcp', async () => {
    const packA = `${base}/mcp/packs/pack-a`;
    const prm = await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp/packs/pack-a`)).json();
    expect(prm.resource).toBe(packA);
    const unauthenticated = await mcpInitialize(packA);
    expect(unauthenticated.challenge).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp/packs/pack-a"`);
    const { tokens } = await obtainTokens(base, user.apiKey, { resource: packA });
    // At its own pack the token passes authentication (the pack itself does not exist: 404, not 401).
    expect((await mcpInitialize(packA, tokens.access_token)).status).not.toBe(401);
    for (const url of [`${base}/mcp/packs/pack-b`, `${base}/mcp`, `${base}/mcp/servers`]) {
      const answer = await mcpInitialize(url, tokens.access_token);
      expect([url, answer.status, answer.challenge?.includes('error="invalid_token"')]).toEqual([url, 401, true]);
    }
    // API keys keep working everywhere.
    expect((await mcpInitialize(`${base}/mcp`, user.apiKey)).status).toBe(200);
  });
});
