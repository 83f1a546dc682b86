import { deleteConnection, deleteSealedTokens, findConnection, findSealedTokens } from '../../db/oauth-client/connections.ts';
import type { OAuthClientDeps } from './connect.ts';
import { oauthFetch } from './fetch.ts';
import type { OAuthFetchPolicy } from './fetch.ts';
import { clientInformationFor } from './registration.ts';
import { openTokens } from './tokens.ts';

/** Where a failed revocation is told: a request's logger or the root one. */
export interface WarnLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

/**
 * Ends a user's connection: the grant is revoked at the AS when it has a revocation endpoint
 * (RFC 7009: the refresh token, which ends the grant, then the access token), then the tokens
 * and the row go. The AS's answer does not hold the disconnect back: a failed revocation is
 * logged (without the token) and the connection is forgotten anyway. False when there was none.
 */
export async function endConnection(deps: OAuthClientDeps & { logger: WarnLogger }, userId: string, serverKey: string, policy: OAuthFetchPolicy | null): Promise<boolean> {
  const connection = await findConnection(deps.db, userId, serverKey);
  const sealed = connection ? await findSealedTokens(deps.db, userId, serverKey) : null;
  if (connection?.revocationEndpoint && sealed && policy) {
    const tokens = openTokens(deps.cipher, userId, serverKey, sealed);
    const client = await clientInformationFor(deps, connection);
    const fetch = oauthFetch(policy);
    const revoke = async (token: string, hint: string) => {
      const body = new URLSearchParams({ token, token_type_hint: hint, client_id: client.client_id });
      const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
      if (client.client_secret) {
        if (client.token_endpoint_auth_method === 'client_secret_post') body.set('client_secret', client.client_secret);
        else headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`;
      }
      const response = await fetch(connection.revocationEndpoint!, { method: 'POST', headers, body: body.toString() });
      await response.body?.cancel().catch(() => {});
      if (!response.ok) throw new Error(`revocation answered HTTP ${response.status}`);
    };
    try {
      if (tokens.refresh_token) await revoke(tokens.refresh_token, 'refresh_token');
      await revoke(tokens.access_token, 'access_token');
    } catch (error) {
      deps.logger.warn({ server: serverKey, err: (error as Error).message }, 'oauth revocation at the authorization server failed; the connection is forgotten anyway');
    }
  }
  await deleteSealedTokens(deps.db, userId, serverKey);
  return deleteConnection(deps.db, userId, serverKey);
}
