import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../lib/config.ts';

/**
 * The MCP face as an OAuth 2.1 protected resource (MCP authorization 2025-11-25, RFC 9728;
 * docs/decisions.md, "MCP authorization"). `/mcp` and every endpoint under it are one resource,
 * `<base>/mcp`: one audience for tokens, and the SDK client's prefix rule accepts it for
 * `/mcp/packs/{id}` too.
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

/** RFC 9728 section 3.1: the well-known segment goes between the host and the resource's path. */
export const metadataUrl = (base: string) => `${base}${METADATA_PATH}${RESOURCE_PATH}`;

/** The protected resource metadata document (RFC 9728 section 2). */
export function resourceMetadata(config: Config, base: string) {
  return {
    resource: `${base}${RESOURCE_PATH}`,
    // Present only when an issuer is configured: API keys and our own HS256 tokens need no authorization server.
    ...(config.OAUTH_ISSUER ? { authorization_servers: [config.OAUTH_ISSUER] } : {}),
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
export function challenge(base: string, credentialSent: boolean): string {
  const parts = [`resource_metadata="${metadataUrl(base)}"`];
  if (credentialSent) parts.unshift('error="invalid_token"');
  return `Bearer ${parts.join(', ')}`;
}
