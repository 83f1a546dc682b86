import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/*
 * A remote MCP server with its own authorization server, written for the outbound OAuth tests
 * (issue 36): plain node:http speaking the public protocols, nothing of ours. The MCP endpoint
 * (the SDK's server over Streamable HTTP, stateless) answers 401 with
 * `WWW-Authenticate: Bearer resource_metadata=...` without a valid token; its PRM (RFC 9728)
 * names the AS on the same origin; the AS has RFC 8414 metadata, dynamic registration
 * (RFC 7591), revocation (RFC 7009), authorization code + PKCE S256 with `resource` (RFC 8707), opaque access tokens
 * with expiry, refresh-token rotation (a reused refresh token is refused) and revocation. The
 * "account" that logs in is the authorize request's `login_hint` (the test plays the person).
 * Bad variants on the same origin: `/open/mcp` (no 401 at all), `/bare/mcp` (a 401 without PRM), `/private/mcp` (a PRM
 * naming an AS at a private address), `/huge/mcp` (AS metadata of 200 KB).
 */

interface Grant {
  account: string;
  clientId: string;
  resource: string;
  revoked: boolean;
}

interface AccessToken {
  grant: Grant;
  expiresAt: number;
  dead: boolean;
}

export interface RecordedCall {
  account: string;
  token: string;
  tool: string;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
};

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export class OAuthStandIn {
  /** Every call that reached a tool, with the account and the token it carried. */
  readonly calls: RecordedCall[] = [];
  /** Every secret it issued (codes, access and refresh tokens): the test searches our output for them. */
  readonly issued: string[] = [];
  /** Every Authorization header the MCP endpoint received (none included as ''). */
  readonly authorizations: string[] = [];
  /** Accounts whose grant Switchboard revoked (RFC 7009), in order. */
  readonly revocations: string[] = [];
  /** Refresh grants served, by account. */
  readonly refreshes = new Map<string, number>();
  /** Seconds an access token lives (expires_in); a test shortens it. */
  accessTtlSeconds = 3600;
  private readonly clients = new Map<string, string[]>();
  private readonly codes = new Map<string, { grant: Grant; challenge: string; redirectUri: string; used: boolean }>();
  private readonly access = new Map<string, AccessToken>();
  private readonly refresh = new Map<string, { grant: Grant; used: boolean }>();
  private http: Server | undefined;
  base = '';

  get mcpUrl(): string {
    return `${this.base}/mcp`;
  }

  async start(): Promise<void> {
    const http = createServer((req, res) => {
      this.handle(req, res).catch(() => res.headersSent || json(res, 500, { error: 'server_error' }));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    this.http = http;
    this.base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.http?.closeAllConnections();
    await new Promise((resolve) => this.http?.close(resolve));
  }

  /** The person revokes Switchboard's grant at the AS: every token of it stops working. */
  revoke(account: string): void {
    for (const token of this.access.values()) if (token.grant.account === account) token.grant.revoked = true;
  }

  /** The AS ends an account's access tokens early (its refresh tokens keep working): the next call meets a 401. */
  expireAccessTokens(account: string): void {
    for (const token of this.access.values()) if (token.grant.account === account) token.dead = true;
  }

  private issue(grant: Grant) {
    const accessToken = `at-${randomBytes(16).toString('hex')}`;
    const refreshToken = `rt-${randomBytes(16).toString('hex')}`;
    this.issued.push(accessToken, refreshToken);
    this.access.set(accessToken, { grant, expiresAt: Date.now() + this.accessTtlSeconds * 1000, dead: false });
    this.refresh.set(refreshToken, { grant, used: false });
    return { access_token: accessToken, token_type: 'Bearer', expires_in: this.accessTtlSeconds, refresh_token: refreshToken };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.base);
    const path = url.pathname;
    if (path === '/.well-known/oauth-protected-resource/mcp') return json(res, 200, { resource: this.mcpUrl, authorization_servers: [this.base] });
    if (path === '/.well-known/oauth-protected-resource/private/mcp') return json(res, 200, { resource: `${this.base}/private/mcp`, authorization_servers: ['http://10.20.30.40'] });
    if (path === '/.well-known/oauth-protected-resource/huge/mcp') return json(res, 200, { resource: `${this.base}/huge/mcp`, authorization_servers: [`${this.base}/huge`] });
    if (path === '/.well-known/oauth-authorization-server/huge') return json(res, 200, { issuer: `${this.base}/huge`, padding: 'x'.repeat(200_000) });
    if (path === '/.well-known/oauth-authorization-server') return json(res, 200, this.metadata());
    if (path === '/register' && req.method === 'POST') return this.register(req, res);
    if (path === '/authorize') return this.authorize(url, res);
    if (path === '/token' && req.method === 'POST') return this.token(req, res);
    if (path === '/revoke' && req.method === 'POST') return this.revokeEndpoint(req, res);
    if (path === '/mcp' || path === '/private/mcp' || path === '/huge/mcp') return this.mcp(req, res, path);
    // A server that needs no token: it answers (what it answers does not matter to a connect).
    if (path === '/open/mcp') return json(res, 200, { jsonrpc: '2.0', id: 1, result: {} });
    if (path === '/bare/mcp') return json(res, 401, { error: 'unauthorized' }, { 'www-authenticate': 'Bearer realm="bare"' });
    json(res, 404, { error: 'not_found' });
  }

  private metadata() {
    return {
      issuer: this.base,
      authorization_endpoint: `${this.base}/authorize`,
      token_endpoint: `${this.base}/token`,
      revocation_endpoint: `${this.base}/revoke`,
      registration_endpoint: `${this.base}/register`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    };
  }

  private async register(req: IncomingMessage, res: ServerResponse) {
    const body = JSON.parse(await bodyOf(req)) as { redirect_uris?: string[] };
    if (!Array.isArray(body.redirect_uris) || !body.redirect_uris.length) return json(res, 400, { error: 'invalid_redirect_uri' });
    const clientId = `client-${randomBytes(8).toString('hex')}`;
    this.clients.set(clientId, body.redirect_uris);
    json(res, 201, { ...body, client_id: clientId, client_id_issued_at: Math.floor(Date.now() / 1000) });
  }

  /** Consent is given at once for the account named by login_hint; a malformed request is refused without a redirect. */
  private authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const clientId = q.get('client_id') ?? '';
    const redirectUri = q.get('redirect_uri') ?? '';
    const account = q.get('login_hint');
    if (!this.clients.get(clientId)?.includes(redirectUri)) return json(res, 400, { error: 'invalid_request', error_description: 'unknown client or redirect' });
    if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return json(res, 400, { error: 'invalid_request', error_description: 'PKCE S256 required' });
    if (q.get('resource') !== this.mcpUrl) return json(res, 400, { error: 'invalid_target' });
    if (q.get('response_type') !== 'code') return json(res, 400, { error: 'invalid_request' });
    if (!account) return this.signInPage(q, res);
    const code = `code-${randomBytes(16).toString('hex')}`;
    this.issued.push(code);
    this.codes.set(code, { grant: { account, clientId, resource: this.mcpUrl, revoked: false }, challenge: q.get('code_challenge') ?? '', redirectUri, used: false });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state') ?? '');
    res.writeHead(302, { location: back.href }).end();
  }

  /** The sign-in and consent page a person sees (a browser test fills it): the request's fields ride along hidden. */
  private signInPage(q: URLSearchParams, res: ServerResponse) {
    const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const hidden = [...q.entries()].map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`).join('');
    const form = `<form method="get" action="/authorize">${hidden}<label>Account <input name="login_hint"></label><button type="submit">Allow Switchboard</button></form>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Sign in</title>${form}`);
  }

  /** RFC 7009: a refresh token ends its grant, an access token only itself; unknown tokens are fine (200). */
  private async revokeEndpoint(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await bodyOf(req));
    const token = form.get('token') ?? '';
    const refresh = this.refresh.get(token);
    if (refresh && refresh.grant.clientId === form.get('client_id')) {
      refresh.grant.revoked = true;
      this.revocations.push(refresh.grant.account);
    }
    const access = this.access.get(token);
    if (access) access.dead = true;
    res.writeHead(200).end();
  }

  private async token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await bodyOf(req));
    if (form.get('resource') !== this.mcpUrl) return json(res, 400, { error: 'invalid_target' });
    if (form.get('grant_type') === 'authorization_code') {
      const entry = this.codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!entry || entry.used || entry.challenge !== challenge || entry.redirectUri !== form.get('redirect_uri') || entry.grant.clientId !== form.get('client_id')) {
        return json(res, 400, { error: 'invalid_grant' });
      }
      entry.used = true;
      return json(res, 200, this.issue(entry.grant));
    }
    if (form.get('grant_type') === 'refresh_token') {
      const entry = this.refresh.get(form.get('refresh_token') ?? '');
      if (!entry || entry.grant.revoked) return json(res, 400, { error: 'invalid_grant' });
      // Rotation with reuse detection: a refresh token spent twice ends the grant.
      if (entry.used) {
        entry.grant.revoked = true;
        return json(res, 400, { error: 'invalid_grant', error_description: 'refresh token reused' });
      }
      entry.used = true;
      this.refreshes.set(entry.grant.account, (this.refreshes.get(entry.grant.account) ?? 0) + 1);
      return json(res, 200, this.issue(entry.grant));
    }
    json(res, 400, { error: 'unsupported_grant_type' });
  }

  private async mcp(req: IncomingMessage, res: ServerResponse, path: string) {
    this.authorizations.push(req.headers.authorization ?? '');
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const found = this.access.get(token);
    const valid = path === '/mcp' && found && !found.dead && !found.grant.revoked && found.expiresAt > Date.now();
    if (!valid || !found) {
      const challenge = `Bearer error="invalid_token", resource_metadata="${this.base}/.well-known/oauth-protected-resource${path}"`;
      return json(res, 401, { error: 'invalid_token' }, { 'www-authenticate': challenge });
    }
    const server = new McpServer({ name: 'oauth-stand-in', version: '1.0.0' });
    server.registerTool('whoami', { description: 'Says which account the token belongs to' }, async () => {
      this.calls.push({ account: found.grant.account, token, tool: 'whoami' });
      return { content: [{ type: 'text', text: `account ${found.grant.account}` }] };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(req, res);
  }
}
