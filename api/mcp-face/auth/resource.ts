import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../platform/config.ts';
import { SCOPES } from '../../services/oauth/resources.ts';

/**
 * The MCP face as an OAuth 2.1 protected resource (MCP authorization 2025-11-25, RFC 9728;
 * docs/decisions.md, "MCP authorization"). `/mcp` and what is under it is the resource
 * `<base>/mcp`, except each pack's endpoint, its own resource `<base>/mcp/packs/{id}` (issue 36):
 * a token issued for one pack is refused everywhere else.
 */
export const RESOURCE_PATH = '/mcp';
export const METADATA_PATH = '/.well-known/oauth-protected-resource';

/** `/mcp` itself or anything below it (not `/mcp_servers`, `/mcp-analytics`, `/mcp_registry`). */
export function isMcpPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === RESOURCE_PATH || path.startsWith(`${RESOURCE_PATH}/`);
}

/** Where this request reached us, as clients see it (trustProxy honours X-Forwarded-* in production). */
export const baseUrlOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The resource's path of a request under /mcp: a pack's endpoint, else /mcp itself. */
export function resourcePathOf(url: string): string {
  const pack = /^\/mcp\/packs\/([^/?#]+)/.exec(url.split('?')[0] ?? '');
  return pack ? `/mcp/packs/${pack[1]}` : RESOURCE_PATH;
}

/** RFC 9728 section 3.1: the well-known segment goes between the host and the resource's path. */
export const metadataUrl = (base: string, resourcePath = RESOURCE_PATH) => `${base}${METADATA_PATH}${resourcePath}`;

/**
 * The protected resource metadata document (RFC 9728 section 2). The authorization server is
 * the configured external issuer, else Switchboard itself (api/services/oauth).
 */
export function resourceMetadata(config: Config, base: string, resourcePath = RESOURCE_PATH) {
  return {
    resource: `${base}${resourcePath}`,
    authorization_servers: [config.OAUTH_ISSUER ?? base],
    ...(config.OAUTH_ISSUER ? {} : { scopes_supported: [...SCOPES] }),
    // Tokens travel in the Authorization header only (RFC 6750 section 2.1); API keys may also use X-API-Key.
    bearer_methods_supported: ['header'],
    resource_name: 'Switchboard',
    resource_documentation: `${base}/docs`,
  };
}

/**
 * The challenge of a 401 on the MCP face (RFC 6750 section 3, RFC 9728 section 5.1): where the
 * metadata is, and `invalid_token` when a credential was sent but refused.
 */
export function challenge(base: string, credentialSent: boolean, resourcePath = RESOURCE_PATH): string {
  const parts = [`resource_metadata="${metadataUrl(base, resourcePath)}"`];
  if (credentialSent) parts.unshift('error="invalid_token"');
  return `Bearer ${parts.join(', ')}`;
}
