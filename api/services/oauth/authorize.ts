import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { approve, hasConsent } from '../../../db/oauth/oauth.ts';
import type { OAuthClientRow } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, invalidRequest as restInvalid } from '../../errors.ts';
import { OAuthError } from './errors.ts';
import { resolveClient } from './metadata-document.ts';
import { isRegisteredRedirect } from './redirect-uris.ts';
import { knownResource, parseScope } from './resources.ts';
import { hashSecret, newSecret, requestHandleKey } from './secrets.ts';

/** How long a person has to sign in and decide, and how long the code then lives. */
const REQUEST_TTL_SECONDS = 600;
const CODE_TTL_MS = 60_000;

export const authorizationQuery = z.object({
  response_type: z.string().max(50).optional(),
  client_id: z.string().max(2000).optional(),
  redirect_uri: z.string().max(2000).optional(),
  state: z.string().max(2000).optional(),
  scope: z.string().max(500).optional(),
  code_challenge: z.string().max(200).optional(),
  code_challenge_method: z.string().max(20).optional(),
  resource: z.string().max(2000).optional(),
});
export type AuthorizationQuery = z.infer<typeof authorizationQuery>;

/** A checked authorization request: what the consent page shows and the decision acts on. */
export interface PendingRequest {
  clientId: string;
  redirectUri: string;
  state?: string;
  scope: string;
  resource: string;
  codeChallenge: string;
}

/**
 * Where the browser goes next. `refuse`: the request cannot be trusted with a redirect (no
 * known client, or a redirect URI the client did not register) and is answered here, before
 * any login page. `redirect`: an error for the client at its registered URI, or the console's
 * consent page with the signed request.
 */
export type AuthorizeOutcome = { kind: 'refuse'; error: OAuthError } | { kind: 'redirect'; location: string };

export function errorRedirect(redirectUri: string, error: string, description: string, state: string | undefined, issuer: string): string {
  const url = new URL(redirectUri);
  url.searchParams.set('error', error);
  url.searchParams.set('error_description', description);
  if (state !== undefined) url.searchParams.set('state', state);
  url.searchParams.set('iss', issuer);
  return url.href;
}

/** GET /oauth/authorize: checks everything the client sent before a person is asked anything. */
export async function startAuthorization(deps: AppDeps, base: string, query: AuthorizationQuery): Promise<AuthorizeOutcome> {
  if (!query.client_id) return { kind: 'refuse', error: new OAuthError('invalid_request', 'client_id is required') };
  let client: OAuthClientRow | undefined;
  try {
    client = await resolveClient(deps, query.client_id);
  } catch (error) {
    if (error instanceof OAuthError) return { kind: 'refuse', error };
    throw error;
  }
  if (!client) return { kind: 'refuse', error: new OAuthError('invalid_client', 'Unknown client_id: register first (RFC 7591) or use a client metadata document URL', 401) };
  const redirectUri = query.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (!redirectUri) return { kind: 'refuse', error: new OAuthError('invalid_request', 'redirect_uri is required: the client registered several') };
  if (!isRegisteredRedirect(client.redirectUris, redirectUri)) {
    return { kind: 'refuse', error: new OAuthError('invalid_request', 'redirect_uri is not one the client registered') };
  }
  // From here the redirect URI is the client's own: errors go back to it (RFC 6749 section 4.1.2.1).
  const fail = (error: string, description: string): AuthorizeOutcome => ({ kind: 'redirect', location: errorRedirect(redirectUri, error, description, query.state, base) });
  if (query.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be "code"');
  if (!query.code_challenge) return fail('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256');
  if (query.code_challenge_method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
  if (!/^[A-Za-z0-9_-]{43}$/.test(query.code_challenge)) return fail('invalid_request', 'code_challenge is not a base64url SHA-256');
  const resource = query.resource === undefined ? `${base}/mcp` : knownResource(base, query.resource);
  if (!resource) return fail('invalid_target', 'resource is not one of this server: <base>/mcp, <base>/mcp/packs/{id} or <base>');
  const scope = parseScope(query.scope);
  if ('unknown' in scope) return fail('invalid_scope', `Unknown scope: ${scope.unknown.join(' ').slice(0, 200)}; known: search run jobs`);
  const pending: PendingRequest = {
    clientId: client.clientId,
    redirectUri,
    scope: scope.scope,
    resource,
    codeChallenge: query.code_challenge,
    ...(query.state !== undefined ? { state: query.state } : {}),
  };
  const handle = await new SignJWT({ req: pending })
    .setProtectedHeader({ alg: 'HS256', typ: 'oauth-authz-req' })
    .setIssuedAt()
    .setExpirationTime(`${REQUEST_TTL_SECONDS}s`)
    .sign(requestHandleKey(deps.secrets.jwtSecret));
  return { kind: 'redirect', location: `${base}/console/oauth/authorize?request=${encodeURIComponent(handle)}` };
}

/** The request behind a handle; a forged or expired one is a 400 in the REST form (the console shows it). */
export async function readRequest(deps: AppDeps, handle: string): Promise<PendingRequest> {
  try {
    const { payload } = await jwtVerify(handle, requestHandleKey(deps.secrets.jwtSecret), { algorithms: ['HS256'], typ: 'oauth-authz-req' });
    return payload.req as PendingRequest;
  } catch {
    throw restInvalid('This authorization request is invalid or has expired; start again from the application', 'request');
  }
}

/** What the consent page shows: who asks (name and the host of its id or redirect), for what, and whether this was approved before. */
export async function describeRequest(deps: AppDeps, userId: string, handle: string) {
  const pending = await readRequest(deps, handle);
  const client = await resolveClient(deps, pending.clientId).catch(() => undefined);
  if (!client) throw new AppError('NOT_FOUND', 'The client of this request is no longer known');
  const clientHost = pending.clientId.startsWith('https://') ? new URL(pending.clientId).host : null;
  return {
    client_id: pending.clientId,
    client_name: client.name,
    client_host: clientHost,
    registered: client.kind === 'registered',
    redirect_host: new URL(pending.redirectUri).host,
    resource: pending.resource,
    scopes: pending.scope.split(' '),
    remembered: await hasConsent(deps.db, { userId, clientId: pending.clientId, resource: pending.resource, scope: pending.scope }),
  };
}

/** The person's answer: a code for the client's redirect URI, or `access_denied` there. */
export async function decide(deps: AppDeps, base: string, approver: { userId: string; authTime: number }, handle: string, decision: 'approve' | 'deny') {
  const pending = await readRequest(deps, handle);
  if (decision === 'deny') return { redirect_to: errorRedirect(pending.redirectUri, 'access_denied', 'The user denied the request', pending.state, base) };
  const code = newSecret('sbcode_');
  await approve(
    deps.db,
    { userId: approver.userId, clientId: pending.clientId, resource: pending.resource, scope: pending.scope, authAt: new Date(approver.authTime * 1000) },
    { codeHash: hashSecret(code), redirectUri: pending.redirectUri, codeChallenge: pending.codeChallenge, expiresAt: new Date(Date.now() + CODE_TTL_MS) },
  );
  const url = new URL(pending.redirectUri);
  url.searchParams.set('code', code);
  if (pending.state !== undefined) url.searchParams.set('state', pending.state);
  // RFC 9207: the issuer in the response lets a client that talks to several servers tell them apart.
  url.searchParams.set('iss', base);
  return { redirect_to: url.href };
}
