import { createHash, randomBytes } from 'node:crypto';
import { exchangeAuthorization, startAuthorization } from '@modelcontextprotocol/sdk/client/auth.js';
import type { AuthorizationServerMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Database } from '../../db/client.ts';
import { findConnection, markProtected, saveConnection, savePending, saveSealedTokens, takePending } from '../../db/oauth-client/connections.ts';
import type { CredentialCipher } from '../credentials/cipher.ts';
import { discoverProtectedResource, OAuthConnectError } from './discovery.ts';
import { clientAt, clientInformationFor } from './registration.ts';
import { oauthFetch } from './fetch.ts';
import type { OAuthFetchPolicy } from './fetch.ts';
import { expiryOf, keptTokens, sealTokens } from './tokens.ts';

/** How long a started authorization may wait for its callback. */
export const PENDING_AUTHORIZATION_MS = 10 * 60_000;

export interface OAuthClientDeps {
  db: Database;
  cipher: CredentialCipher;
}

export interface StartInput {
  userId: string;
  serverKey: string;
  serverUrl: string;
  policy: OAuthFetchPolicy;
  /** Our callback, absolute: `<origin>/oauth/callback`. */
  redirectUri: string;
  /** Our Client ID Metadata Document's URL, when the origin is https (an AS fetches it); else null. */
  clientMetadataUrl: string | null;
}

const hashOf = (state: string) => createHash('sha256').update(state).digest('base64url');

/**
 * What a connection asks for: discovery's scope, widened by what the user's earlier connection
 * to the same AS held or was last challenged for (step-up: bearer.ts marks it), so a reconnect
 * never asks for less than the call that sent the user back needed.
 */
async function scopeToAsk(db: Database, input: StartInput, found: { issuer: string; scope: string | null }): Promise<string | null> {
  const earlier = await findConnection(db, input.userId, input.serverKey);
  const scopes = [found.scope, earlier?.issuer === found.issuer ? earlier.scope : null].flatMap((scope) => (scope ?? '').split(' ').filter(Boolean));
  return scopes.length ? [...new Set(scopes)].join(' ') : null;
}

/**
 * Starts a user's connection to a server: discovery, our client at its AS, PKCE (S256) and a
 * `state` of 256 random bits, kept (hashed) with the user, the server and the sealed verifier
 * for PENDING_AUTHORIZATION_MS. Answers the URL to send the user to.
 */
export async function startConnection(deps: OAuthClientDeps, input: StartInput): Promise<{ authorizationUrl: string; expiresAt: Date }> {
  const fetch = oauthFetch(input.policy);
  const found = await discoverProtectedResource(input.serverUrl, fetch);
  await markProtected(deps.db, input.serverKey, { resource: found.resource, issuer: found.issuer });
  const client = await clientAt(deps, { ...found, serverKey: input.serverKey }, input.redirectUri, input.clientMetadataUrl, fetch);
  const scope = await scopeToAsk(deps.db, input, found);
  const state = randomBytes(32).toString('base64url');
  const { authorizationUrl, codeVerifier } = await startAuthorization(found.issuer, {
    metadata: found.metadata,
    clientInformation: client,
    redirectUrl: input.redirectUri,
    scope: scope ?? undefined,
    state,
    resource: new URL(found.resource),
  }).catch(() => {
    throw new OAuthConnectError('its authorization server does not offer the authorization code flow', 'discovery');
  });
  const expiresAt = new Date(Date.now() + PENDING_AUTHORIZATION_MS);
  const sealed = deps.cipher.seal(codeVerifier, { userId: input.userId, serverKey: input.serverKey, name: 'oauth:verifier' });
  await savePending(deps.db, {
    stateHash: hashOf(state),
    userId: input.userId,
    serverName: input.serverKey,
    issuer: found.issuer,
    tokenEndpoint: found.metadata.token_endpoint,
    revocationEndpoint: 'revocation_endpoint' in found.metadata && typeof found.metadata.revocation_endpoint === 'string' ? found.metadata.revocation_endpoint : null,
    resource: found.resource,
    clientId: client.client_id,
    redirectUri: input.redirectUri,
    scope,
    ciphertext: sealed.ciphertext,
    keyId: sealed.keyId,
    expiresAt,
  });
  return { authorizationUrl: authorizationUrl.href, expiresAt };
}

/** A callback whose state is unknown, used, or too old. */
export class OAuthStateError extends Error {
  constructor() {
    super('this authorization link is unknown, already used or expired: start the connection again');
    this.name = 'OAuthStateError';
  }
}

/** The least an SDK token request reads of an AS's metadata: where its token endpoint is. */
export function tokenEndpointMetadata(issuer: string, tokenEndpoint: string): AuthorizationServerMetadata {
  return { issuer, authorization_endpoint: tokenEndpoint, token_endpoint: tokenEndpoint, response_types_supported: ['code'] };
}

/**
 * Ends an authorization at our callback: the state is taken once (a replay finds nothing), the
 * code exchanged with the verifier and the resource at the token endpoint discovery found,
 * the tokens sealed into the user's credentials for that server. Answers who connected what.
 */
export async function finishConnection(deps: OAuthClientDeps, input: { state: string; code: string; policy: (serverKey: string) => Promise<OAuthFetchPolicy> }) {
  const pending = await takePending(deps.db, hashOf(input.state));
  if (!pending || pending.expiresAt.getTime() < Date.now()) throw new OAuthStateError();
  const codeVerifier = deps.cipher.open({ ciphertext: pending.ciphertext, keyId: pending.keyId }, { userId: pending.userId, serverKey: pending.serverName, name: 'oauth:verifier' });
  const tokens = await exchangeAuthorization(pending.issuer, {
    metadata: tokenEndpointMetadata(pending.issuer, pending.tokenEndpoint),
    clientInformation: await clientInformationFor(deps, pending),
    authorizationCode: input.code,
    codeVerifier,
    redirectUri: pending.redirectUri,
    resource: new URL(pending.resource),
    fetchFn: oauthFetch(await input.policy(pending.serverName)),
  }).catch(() => {
    throw new OAuthConnectError('the authorization server refused to exchange the code', 'token');
  });
  const sealed = sealTokens(deps.cipher, pending.userId, pending.serverName, keptTokens(tokens));
  await saveSealedTokens(deps.db, pending.userId, pending.serverName, sealed);
  await saveConnection(deps.db, {
    userId: pending.userId,
    serverName: pending.serverName,
    status: 'connected',
    issuer: pending.issuer,
    tokenEndpoint: pending.tokenEndpoint,
    revocationEndpoint: pending.revocationEndpoint,
    resource: pending.resource,
    clientId: pending.clientId,
    redirectUri: pending.redirectUri,
    scope: pending.scope,
    expiresAt: expiryOf(tokens),
  });
  return { userId: pending.userId, serverKey: pending.serverName };
}
