import { z } from 'zod';
import { consumeCode, consumeRefreshToken, findGrant, grantOfRefreshToken, insertRefreshToken, revokeGrant } from '../../../db/oauth/oauth.ts';
import type { OAuthGrantRow } from '../../../db/schema/index.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { AppDeps } from '../../context.ts';
import { signAccessToken, verifyAccessToken } from './access-tokens.ts';
import { invalidClient, invalidGrant, invalidRequest, invalidTarget, OAuthError } from './errors.ts';
import { knownResource } from './resources.ts';
import { hashSecret, newSecret, s256 } from './secrets.ts';

const text = z.string().max(4000);
export const tokenRequest = z.looseObject({
  grant_type: text.optional(),
  code: text.optional(),
  redirect_uri: text.optional(),
  client_id: text.optional(),
  code_verifier: text.optional(),
  refresh_token: text.optional(),
  resource: text.optional(),
  scope: text.optional(),
});
export type TokenRequest = z.infer<typeof tokenRequest>;

interface Context {
  deps: AppDeps;
  base: string;
  log: Logger;
}

/** A client that names no client_id, or another than the grant's, is not the one the grant was made for. */
function checkClient(grant: OAuthGrantRow, clientId: string | undefined) {
  if (!clientId) throw invalidRequest('client_id is required (public clients identify themselves on every token request)');
  if (clientId !== grant.clientId) throw invalidClient('client_id is not the client this grant was issued to');
}

/** A `resource` on a token request must be the grant's (RFC 8707 section 2.2): a token for another resource is never minted from it. */
function checkResource(base: string, grant: OAuthGrantRow, asked: string | undefined) {
  if (asked === undefined) return;
  if (knownResource(base, asked) !== grant.resource) throw invalidTarget('resource is not the one this grant was approved for');
}

async function issue({ deps, base }: Context, grant: OAuthGrantRow) {
  const refresh = newSecret('sbrt_');
  await insertRefreshToken(deps.db, { tokenHash: hashSecret(refresh), grantId: grant.id, expiresAt: new Date(Date.now() + deps.config.OAUTH_REFRESH_TTL_SECONDS * 1000) });
  return {
    access_token: await signAccessToken(deps.secrets.jwtSecret, base, grant, deps.config.OAUTH_ACCESS_TTL_SECONDS),
    token_type: 'Bearer' as const,
    expires_in: deps.config.OAUTH_ACCESS_TTL_SECONDS,
    refresh_token: refresh,
    scope: grant.scope,
  };
}

async function exchangeCode(ctx: Context, body: TokenRequest) {
  if (!body.code || !body.code_verifier) throw invalidRequest('code and code_verifier are required');
  const found = await consumeCode(ctx.deps.db, hashSecret(body.code));
  if (!found) throw invalidGrant('The authorization code is not valid');
  const { code, grant } = found;
  if (found.reused) {
    // A code presented twice was stolen, or the client is broken: whatever it bought ends (OAuth 2.1 section 4.1.3).
    await revokeGrant(ctx.deps.db, grant.id, 'code_reuse');
    ctx.log.warn({ grantId: grant.id, clientId: grant.clientId }, 'oauth: authorization code reused; its grant is revoked');
    throw invalidGrant('The authorization code has already been used');
  }
  checkClient(grant, body.client_id);
  if (grant.revokedAt) throw invalidGrant('The grant has been revoked');
  if (code.expiresAt.getTime() < Date.now()) throw invalidGrant('The authorization code has expired');
  if (body.redirect_uri !== code.redirectUri) throw invalidGrant('redirect_uri is not the one of the authorization request');
  if (s256(body.code_verifier) !== code.codeChallenge) throw invalidGrant('code_verifier does not match the code_challenge');
  checkResource(ctx.base, grant, body.resource);
  return issue(ctx, grant);
}

async function refresh(ctx: Context, body: TokenRequest) {
  if (!body.refresh_token) throw invalidRequest('refresh_token is required');
  const found = await consumeRefreshToken(ctx.deps.db, hashSecret(body.refresh_token));
  if (!found) throw invalidGrant('The refresh token is not valid');
  const { token, grant } = found;
  if (found.replayed) {
    // Rotation's point: a refresh token comes back only if someone kept a copy. The family ends.
    await revokeGrant(ctx.deps.db, grant.id, 'refresh_reuse');
    ctx.log.warn({ grantId: grant.id, clientId: grant.clientId }, 'oauth: refresh token replayed; its grant is revoked');
    throw invalidGrant('The refresh token has already been used');
  }
  checkClient(grant, body.client_id);
  if (grant.revokedAt) throw invalidGrant('The grant has been revoked');
  if (token.expiresAt.getTime() < Date.now()) throw invalidGrant('The refresh token has expired');
  checkResource(ctx.base, grant, body.resource);
  // Narrowing is allowed (RFC 6749 section 6); widening is not. A narrower token still rests on the same grant.
  if (body.scope && body.scope.split(' ').some((s) => s && !grant.scope.split(' ').includes(s))) throw new OAuthError('invalid_scope', 'scope exceeds what was granted');
  return issue(ctx, grant);
}

/** POST /oauth/token. */
export async function token(ctx: Context, body: TokenRequest) {
  if (body.grant_type === 'authorization_code') return exchangeCode(ctx, body);
  if (body.grant_type === 'refresh_token') return refresh(ctx, body);
  throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
}

export const revocationRequest = z.looseObject({ token: text.optional(), token_type_hint: text.optional(), client_id: text.optional() });

/**
 * POST /oauth/revoke (RFC 7009): a refresh token or an access token of this server ends its
 * whole grant. An unknown or foreign token is answered 200 all the same (section 2.2), so the
 * endpoint tells nobody which tokens exist; a token of another client is left alone.
 */
export async function revoke(ctx: Context, body: z.infer<typeof revocationRequest>): Promise<void> {
  if (!body.token) throw invalidRequest('token is required');
  let grant = await grantOfRefreshToken(ctx.deps.db, hashSecret(body.token));
  if (!grant) {
    const claims = await verifyAccessToken(ctx.deps.secrets.jwtSecret, body.token).catch(() => undefined);
    grant = claims ? await findGrant(ctx.deps.db, claims.gid) : undefined;
  }
  if (!grant) return;
  if (body.client_id && body.client_id !== grant.clientId) {
    ctx.log.info({ grantId: grant.id }, 'oauth: revocation by another client ignored');
    return;
  }
  await revokeGrant(ctx.deps.db, grant.id, 'client');
  ctx.log.info({ grantId: grant.id, clientId: grant.clientId }, 'oauth: grant revoked by its client');
}
