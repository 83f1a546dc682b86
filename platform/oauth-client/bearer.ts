import { refreshAuthorization } from '@modelcontextprotocol/sdk/client/auth.js';
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { Logger } from 'pino';
import { deleteSealedTokens, findConnection, findSealedTokens, lockConnection, saveSealedTokens, updateConnection } from '../../db/oauth-client/connections.ts';
import type { OAuthClientDeps } from './connect.ts';
import { tokenEndpointMetadata } from './connect.ts';
import { oauthFetch } from './fetch.ts';
import { clientInformationFor } from './registration.ts';
import type { OAuthFetchPolicy } from './fetch.ts';
import { expiryOf, keptTokens, openTokens, sealTokens } from './tokens.ts';

/** A token this close to its expiry is refreshed before it is used: a call never starts on one about to die. */
export const REFRESH_AHEAD_MS = 60_000;

/** The user has no working connection to the server (never connected, disconnected, or the AS refused a refresh). */
export class OAuthReconnectRequired extends Error {
  readonly code = 'OAUTH_RECONNECT_REQUIRED';
  constructor(readonly serverKey: string) {
    super(`the connection to ${serverKey} must be made again: its authorization server no longer accepts it`);
    this.name = 'OAuthReconnectRequired';
  }
}

export interface BearerDeps extends OAuthClientDeps {
  logger: Logger;
  policy: OAuthFetchPolicy;
}

/**
 * The access token of one user's connection to one server, for that user's calls only:
 * `current()` refreshes one that expires within REFRESH_AHEAD_MS, `afterRejected(token)` one
 * the server answered 401 to. Every refresh runs under the connection row's lock and first
 * looks whether another process already refreshed (the token it holds differs from the one
 * rejected, or is fresh again): one refresh in flight per user and server across processes,
 * and a rotated refresh token is never spent twice. A refresh the AS refuses (invalid_grant:
 * revoked) drops the tokens and marks the connection `needs_reconnect`.
 */
export function bearerSource(deps: BearerDeps, userId: string, serverKey: string) {
  const log = deps.logger.child({ component: 'oauth-client', server: serverKey });

  async function read() {
    const connection = await findConnection(deps.db, userId, serverKey);
    const sealed = connection?.status === 'connected' ? await findSealedTokens(deps.db, userId, serverKey) : null;
    if (!connection || !sealed) throw new OAuthReconnectRequired(serverKey);
    return { connection, tokens: openTokens(deps.cipher, userId, serverKey, sealed) };
  }

  const fresh = (expiresAt: Date | null) => expiresAt === null || expiresAt.getTime() - Date.now() > REFRESH_AHEAD_MS;

  async function refresh(rejected: string | null): Promise<string> {
    type Outcome = { token: string } | { reconnect: true; error?: string };
    const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
      const connection = await lockConnection(tx, userId, serverKey);
      const sealed = connection?.status === 'connected' ? await findSealedTokens(tx, userId, serverKey) : null;
      if (!connection || !sealed) return { reconnect: true };
      const tokens = openTokens(deps.cipher, userId, serverKey, sealed);
      // Someone refreshed while we waited for the lock: theirs is the token now.
      if (rejected !== null ? tokens.access_token !== rejected : fresh(connection.expiresAt)) return { token: tokens.access_token };
      if (!tokens.refresh_token) return { reconnect: true };
      try {
        const answer = await refreshAuthorization(connection.issuer, {
          metadata: tokenEndpointMetadata(connection.issuer, connection.tokenEndpoint),
          clientInformation: await clientInformationFor(deps, connection),
          refreshToken: tokens.refresh_token,
          resource: new URL(connection.resource),
          fetchFn: oauthFetch(deps.policy),
        });
        await saveSealedTokens(tx, userId, serverKey, sealTokens(deps.cipher, userId, serverKey, keptTokens(answer)));
        await updateConnection(tx, userId, serverKey, { expiresAt: expiryOf(answer) });
        log.info({ user: userId }, 'oauth tokens refreshed');
        return { token: answer.access_token };
      } catch (error) {
        // An OAuth error answer (invalid_grant, invalid_client...) will not heal by trying again; a network fault may.
        if (error instanceof OAuthError) return { reconnect: true, error: error.constructor.name };
        throw new Error(`refreshing the token of ${serverKey} failed: its authorization server could not be reached`);
      }
    });
    if ('token' in outcome) return outcome.token;
    // Outside the transaction: the mark must stay even though the caller's call fails.
    await updateConnection(deps.db, userId, serverKey, { status: 'needs_reconnect' });
    await deleteSealedTokens(deps.db, userId, serverKey);
    log.info({ user: userId, refused: outcome.error ?? 'no refresh token' }, 'oauth connection needs reconnecting');
    throw new OAuthReconnectRequired(serverKey);
  }

  /**
   * A 403 `insufficient_scope` naming a scope we were not granted (MCP 2025-11-25, step-up):
   * the connection is marked `needs_reconnect` with the wider scope, which the next connect asks
   * for, and the call answers the reconnect link. A scope already granted is not stepped up
   * again (the retry limit: the server would refuse whatever we asked), and the 403 stands.
   */
  async function stepUp(challenged: string): Promise<void> {
    const connection = await findConnection(deps.db, userId, serverKey);
    if (!connection) throw new OAuthReconnectRequired(serverKey);
    const granted = new Set((connection.scope ?? '').split(' ').filter(Boolean));
    const wanted = challenged.split(' ').filter(Boolean);
    if (wanted.every((scope) => granted.has(scope))) return;
    const scope = [...new Set([...granted, ...wanted])].join(' ').slice(0, 2000);
    await updateConnection(deps.db, userId, serverKey, { status: 'needs_reconnect', scope });
    log.info({ user: userId, scope }, 'oauth connection needs a wider scope');
    throw new OAuthReconnectRequired(serverKey);
  }

  return {
    afterForbidden: stepUp,
    async current(): Promise<string> {
      const { connection, tokens } = await read();
      return fresh(connection.expiresAt) ? tokens.access_token : refresh(null);
    },
    afterRejected: (token: string) => refresh(token),
  };
}

export type BearerSource = ReturnType<typeof bearerSource>;
