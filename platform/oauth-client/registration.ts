import { registerClient } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Database } from '../../db/client.ts';
import { findRegistration, saveRegistration } from '../../db/oauth-client/connections.ts';
import { findPreregistration } from '../../db/oauth-client/preregistrations.ts';
import type { CredentialCipher } from '../credentials/cipher.ts';
import { OAuthConnectError } from './discovery.ts';
import type { ProtectedResource } from './discovery.ts';
import type { FetchLike } from '../../mcp/index.ts';

/** A client secret's slot in the cipher: bound to its AS and our redirect URI, as the row is. */
const secretSlot = (issuer: string, redirectUri: string) => ({ userId: redirectUri, serverKey: issuer, name: 'oauth:client_secret' });
/** A pre-registered client's secret: bound to its server entry (no user holds it). */
export const preregisteredSlot = (serverKey: string) => ({ userId: 'preregistered', serverKey, name: 'oauth:client_secret' });

/** The client metadata we register with (RFC 7591) and serve as our Client ID Metadata Document. */
export function clientMetadata(redirectUri: string, clientId?: string) {
  return {
    ...(clientId ? { client_id: clientId } : {}),
    client_name: 'Switchboard',
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    // Asked as a public client: the code is bound by PKCE. An AS may still make us confidential.
    token_endpoint_auth_method: 'none',
  };
}

type ClientInformation = Pick<OAuthClientInformationFull, 'client_id' | 'client_secret' | 'token_endpoint_auth_method'>;

/**
 * Our client id at the AS: the client an operator pre-registered for this server entry, else a
 * Client ID Metadata Document where the AS supports them and we are on https (MCP 2025-11-25
 * prefers it), else the registration kept for that AS, else a new dynamic registration
 * (RFC 7591), kept; the first of two racing registrations wins.
 */
export async function clientAt(
  deps: { db: Database; cipher: CredentialCipher },
  found: ProtectedResource & { serverKey: string },
  redirectUri: string,
  clientMetadataUrl: string | null,
  fetch: FetchLike,
): Promise<{ client_id: string }> {
  const preregistered = await findPreregistration(deps.db, found.serverKey);
  if (preregistered) return { client_id: preregistered.clientId };
  if (found.metadata.client_id_metadata_document_supported && clientMetadataUrl) return { client_id: clientMetadataUrl };
  const known = await findRegistration(deps.db, found.issuer, redirectUri);
  if (known) return { client_id: known.clientId };
  const registered = await registerClient(found.issuer, { metadata: found.metadata, clientMetadata: clientMetadata(redirectUri), fetchFn: fetch }).catch(() => {
    throw new OAuthConnectError('its authorization server refused our client registration (or offers none)', 'registration');
  });
  const secret = registered.client_secret ? deps.cipher.seal(registered.client_secret, secretSlot(found.issuer, redirectUri)) : null;
  const saved = await saveRegistration(deps.db, {
    issuer: found.issuer,
    redirectUri,
    clientId: registered.client_id,
    ciphertext: secret?.ciphertext ?? null,
    keyId: secret?.keyId ?? null,
    authMethod: registered.token_endpoint_auth_method ?? null,
  });
  return { client_id: saved?.clientId ?? registered.client_id };
}

/**
 * What a token request authenticates with: the registration's id, secret and method as the AS
 * gave them (the SDK picks basic, post or none from them and the AS's metadata), or only the id
 * for a Client ID Metadata Document.
 */
export async function clientInformationFor(
  deps: { db: Database; cipher: CredentialCipher },
  connection: { serverName: string; issuer: string; redirectUri: string; clientId: string },
): Promise<ClientInformation> {
  const preregistered = await findPreregistration(deps.db, connection.serverName);
  if (preregistered && preregistered.clientId === connection.clientId) {
    const { ciphertext, keyId, authMethod } = preregistered;
    const secret = ciphertext && keyId ? deps.cipher.open({ ciphertext, keyId }, preregisteredSlot(connection.serverName)) : undefined;
    return { client_id: preregistered.clientId, ...(secret ? { client_secret: secret } : {}), ...(authMethod ? { token_endpoint_auth_method: authMethod } : {}) };
  }
  const row = await findRegistration(deps.db, connection.issuer, connection.redirectUri);
  if (!row || row.clientId !== connection.clientId) return { client_id: connection.clientId };
  const secret = row.ciphertext && row.keyId ? deps.cipher.open({ ciphertext: row.ciphertext, keyId: row.keyId }, secretSlot(row.issuer, row.redirectUri)) : undefined;
  return { client_id: row.clientId, ...(secret ? { client_secret: secret } : {}), ...(row.authMethod ? { token_endpoint_auth_method: row.authMethod } : {}) };
}
