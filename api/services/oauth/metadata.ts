import { SCOPES } from './resources.ts';

/**
 * RFC 8414 authorization server metadata, served at its well-known address and at OpenID
 * discovery's (MCP clients try both). The issuer is the address clients reached us at.
 */
export function authorizationServerMetadata(base: string) {
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    registration_endpoint: `${base}/oauth/register`,
    revocation_endpoint: `${base}/oauth/revoke`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    scopes_supported: [...SCOPES],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${base}/docs`,
  };
}

/**
 * The same at OpenID discovery's address, with the three fields OpenID Connect Discovery
 * requires, so that a client which parses it as such (the MCP SDK does) accepts it. No ID token
 * is ever issued (`openid` is not among the scopes); the key set is empty because access tokens
 * are verified by Switchboard alone (docs/decisions.md).
 */
export function openIdConfiguration(base: string) {
  return {
    ...authorizationServerMetadata(base),
    jwks_uri: `${base}/oauth/jwks`,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
  };
}
