import { findServerConnect } from '../../../db/jobs/tool-target.ts';
import { findConnection, protectedAmong } from '../../../db/oauth-client/connections.ts';
import { endConnection } from '../../../platform/oauth-client/revoke.ts';
import type { WarnLogger } from '../../../platform/oauth-client/revoke.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import { findVisibleServersByRef } from '../../../db/registry/servers.ts';
import { credentialCipherOf } from '../../../platform/credentials/cipher.ts';
import { finishConnection, OAuthStateError, startConnection } from '../../../platform/oauth-client/connect.ts';
import { OAuthConnectError } from '../../../platform/oauth-client/discovery.ts';
import type { OAuthFetchPolicy } from '../../../platform/oauth-client/fetch.ts';
import { oauthTargetOf } from '../../../platform/oauth-client/target.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, invalidRequest } from '../../errors.ts';

/*
 * A user's OAuth connection to a remote MCP server (issue 36, item 2) through REST, the console
 * and the CLI over it: start (the URL to send the user to), the callback, status, disconnect.
 * No answer carries a token, a code or a verifier (decisions.md, "Connecting remote servers").
 */

/** Our callback: one path for every server and AS, so one registration per AS serves them all. */
export const CALLBACK_PATH = '/oauth/callback';
/** Our Client ID Metadata Document (MCP 2025-11-25 prefers it where the AS accepts one). */
export const CLIENT_METADATA_PATH = '/oauth/client-metadata.json';

/**
 * Our client id where an AS accepts Client ID Metadata Documents: the operator's published URL
 * (https, checked at start), else our own document when our origin is https, else none — an AS
 * fetches the document over TLS only, so on plain http we register instead.
 */
export function clientMetadataUrlOf(config: { OAUTH_CLIENT_METADATA_URL?: string | undefined }, origin: string): string | null {
  if (config.OAUTH_CLIENT_METADATA_URL) return config.OAUTH_CLIENT_METADATA_URL;
  return origin.startsWith('https://') ? `${origin}${CLIENT_METADATA_PATH}` : null;
}

async function visibleServerKey(deps: AppDeps, userId: string, ref: string): Promise<string> {
  const [server] = await findVisibleServersByRef(deps.db, [ref], userId);
  if (!server) throw new AppError('SERVER_NOT_FOUND', `No MCP server named ${ref}`, { parameter: 'server', reason: 'not_found' });
  return server.name;
}

/** The server's URL and how far its OAuth requests may reach; a 400 for a server that is not remote. */
async function remoteOf(deps: AppDeps, serverKey: string): Promise<{ url: string; policy: OAuthFetchPolicy }> {
  const row = await findServerConnect(deps.db, serverKey);
  const target = row ? oauthTargetOf(row, deps.config.allowPrivateWebhookTargets) : null;
  if (!target) throw invalidRequest(`${shownServerName(serverKey)} is not a remote (HTTP) server: there is no account to connect`, 'server', 'not_remote');
  return target;
}

function connectFailed(error: unknown): never {
  if (error instanceof OAuthConnectError) {
    if (error.reason === 'not_protected') throw invalidRequest(`This server does not ask for OAuth: ${error.message}`, 'server', 'not_oauth_protected');
    throw new AppError('UPSTREAM_ERROR', `Connecting failed: ${error.message}`, { step: error.reason });
  }
  throw error;
}

/** POST: discovery, our client at its AS, PKCE; answers where to send the user. */
export async function startServerConnection(deps: AppDeps, userId: string, ref: string, origin: string) {
  const serverKey = await visibleServerKey(deps, userId, ref);
  const remote = await remoteOf(deps, serverKey);
  const started = await startConnection(
    { db: deps.db, cipher: credentialCipherOf(deps.config, deps.secrets) },
    {
      userId,
      serverKey,
      serverUrl: remote.url,
      policy: remote.policy,
      redirectUri: `${origin}${CALLBACK_PATH}`,
      clientMetadataUrl: clientMetadataUrlOf(deps.config, origin),
    },
  ).catch(connectFailed);
  return { server: shownServerName(serverKey), authorization_url: started.authorizationUrl, expires_at: Math.floor(started.expiresAt.getTime() / 1000) };
}

/** GET /oauth/callback: the code for tokens; the server's tools listed through the new connection. */
export async function completeServerConnection(deps: AppDeps, input: { state: string; code?: string; error?: string }) {
  if (input.error) {
    throw invalidRequest(`The authorization server did not grant access (${input.error.slice(0, 64)}): start the connection again`, 'error', 'access_not_granted');
  }
  if (!input.code) throw invalidRequest('The callback carries no code', 'code', 'missing');
  const done = await finishConnection(
    { db: deps.db, cipher: credentialCipherOf(deps.config, deps.secrets) },
    { state: input.state, code: input.code, policy: async (serverKey) => (await remoteOf(deps, serverKey)).policy },
  ).catch((error: unknown) => {
    if (error instanceof OAuthStateError) throw invalidRequest(error.message, 'state', 'unknown_or_expired');
    return connectFailed(error);
  });
  return { server: shownServerName(done.serverKey), serverKey: done.serverKey, userId: done.userId };
}

/** GET: whether the user is connected, and until when the current access token runs (never the token). */
export async function serverConnectionStatus(deps: AppDeps, userId: string, ref: string) {
  const serverKey = await visibleServerKey(deps, userId, ref);
  const [connection, protectedSet] = await Promise.all([findConnection(deps.db, userId, serverKey), protectedAmong(deps.db, [serverKey])]);
  const seconds = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : null);
  return {
    server: shownServerName(serverKey),
    oauth: protectedSet.has(serverKey),
    status: connection?.status ?? ('not_connected' as const),
    connected_at: seconds(connection?.connectedAt),
    expires_at: seconds(connection?.expiresAt),
    scope: connection?.scope ?? null,
  };
}

/** DELETE: the grant revoked at the AS where it can be (RFC 7009), the connection and its tokens gone; 404 when there was none. */
export async function disconnectServer(deps: AppDeps, userId: string, ref: string, logger: WarnLogger): Promise<void> {
  const serverKey = await visibleServerKey(deps, userId, ref);
  const row = await findServerConnect(deps.db, serverKey);
  const policy = row ? (oauthTargetOf(row, deps.config.allowPrivateWebhookTargets)?.policy ?? null) : null;
  if (!(await endConnection({ db: deps.db, cipher: credentialCipherOf(deps.config, deps.secrets), logger }, userId, serverKey, policy))) {
    throw new AppError('NOT_FOUND', `You have no connection to ${shownServerName(serverKey)}`, { parameter: 'server', reason: 'not_found' });
  }
}
