import { discoverAuthorizationServerMetadata, discoverOAuthProtectedResourceMetadata, extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import type { AuthorizationServerMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { checkResourceAllowed } from '@modelcontextprotocol/sdk/shared/auth-utils.js';
import type { FetchLike } from '../../mcp/index.ts';

/**
 * Why a server cannot be connected with OAuth, in words a user may read: never the upstream's
 * own text (a hostile AS could put anything there), only which step failed.
 */
export class OAuthConnectError extends Error {
  constructor(
    message: string,
    /** `not_protected`: no 401 challenge; `discovery`: a document missing, invalid or refused; `registration`, `token`. */
    readonly reason: 'not_protected' | 'discovery' | 'registration' | 'token',
  ) {
    super(message);
    this.name = 'OAuthConnectError';
  }
}

/** What a protected server's discovery found: the resource to ask tokens for, and its AS. */
export interface ProtectedResource {
  /** RFC 8707 resource indicator: the PRM's `resource`, checked to cover the server's URL. */
  resource: string;
  issuer: string;
  metadata: AuthorizationServerMetadata;
  /** The challenge's `scope`, or the scopes the PRM lists, joined: what we ask for. */
  scope: string | null;
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'switchboard', version: '1' } },
});

const TOOLS_LIST = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });

async function post(serverUrl: string, fetch: FetchLike, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(serverUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body,
  }).catch(() => {
    throw new OAuthConnectError('the server could not be reached (or its address is refused)', 'discovery');
  });
  await response.body?.cancel().catch(() => {});
  return response;
}

/**
 * The 401 challenge of an MCP server (MCP 2025-11-25, Authorization: an unauthenticated request
 * answers 401 with `WWW-Authenticate: Bearer resource_metadata=...`): an initialize without a
 * token, then, where initialize is open (the spec lets a server challenge per operation), a
 * tools/list in that session. null when neither is challenged.
 */
async function challenge(serverUrl: string, fetch: FetchLike): Promise<{ resourceMetadataUrl?: URL; scope?: string } | null> {
  const initialized = await post(serverUrl, fetch, INITIALIZE);
  if (initialized.status === 401) return extractWWWAuthenticateParams(initialized);
  if (!initialized.ok) return null;
  const session = initialized.headers.get('mcp-session-id');
  const listed = await post(serverUrl, fetch, TOOLS_LIST, { 'mcp-protocol-version': '2025-11-25', ...(session ? { 'mcp-session-id': session } : {}) });
  return listed.status === 401 ? extractWWWAuthenticateParams(listed) : null;
}

const sameIssuer = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * Discovery (RFC 9728, then RFC 8414 / OpenID Connect): the server's Protected Resource
 * Metadata, from the challenge's `resource_metadata` or the well-known path, then its first
 * authorization server's metadata. Refused: a server that does not challenge, no PRM, a PRM
 * whose `resource` does not cover the server's URL (a document claiming another resource), an
 * AS whose `issuer` is not itself, an AS without PKCE S256.
 */
export async function discoverProtectedResource(serverUrl: string, fetch: FetchLike): Promise<ProtectedResource> {
  const challenged = await challenge(serverUrl, fetch);
  if (!challenged) throw new OAuthConnectError('the server does not ask for OAuth (it answered without a 401 challenge)', 'not_protected');
  const prm = await discoverOAuthProtectedResourceMetadata(serverUrl, { resourceMetadataUrl: challenged.resourceMetadataUrl }, fetch).catch(() => {
    throw new OAuthConnectError('the server has no valid OAuth protected resource metadata (RFC 9728)', 'discovery');
  });
  if (!checkResourceAllowed({ requestedResource: serverUrl, configuredResource: prm.resource })) {
    throw new OAuthConnectError('the server\'s protected resource metadata names another resource than the server', 'discovery');
  }
  const issuer = prm.authorization_servers?.[0];
  if (!issuer) throw new OAuthConnectError('the server\'s protected resource metadata names no authorization server', 'discovery');
  const metadata = await discoverAuthorizationServerMetadata(issuer, { fetchFn: fetch }).catch(() => undefined);
  if (!metadata) throw new OAuthConnectError('its authorization server\'s metadata (RFC 8414) could not be read, is not valid, or its address is refused', 'discovery');
  if (!sameIssuer(metadata.issuer, issuer)) throw new OAuthConnectError('its authorization server\'s metadata names another issuer', 'discovery');
  if (!metadata.code_challenge_methods_supported?.includes('S256')) {
    throw new OAuthConnectError('its authorization server does not support PKCE with S256', 'discovery');
  }
  // MCP 2025-11-25 scope selection: the challenge's scope first, else every scope the PRM lists.
  const scopes = challenged.scope ?? (prm.scopes_supported?.length ? prm.scopes_supported.join(' ') : null);
  return { resource: prm.resource, issuer: metadata.issuer, metadata, scope: scopes };
}
