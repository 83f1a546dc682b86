import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { saveClient } from '../../../db/oauth/oauth.ts';
import type { AppDeps } from '../../context.ts';
import { OAuthError } from './errors.ts';
import { redirectUriProblem } from './redirect-uris.ts';

/**
 * What a client may say about itself when it registers (RFC 7591 section 2). Unknown fields
 * are ignored, as the RFC asks; these are bounded. Only public clients: Switchboard issues no
 * client secrets (a hosted client that has one keeps using PKCE alone).
 */
export const clientMetadata = z.looseObject({
  redirect_uris: z.array(z.string().max(2000)).min(1).max(10),
  client_name: z.string().max(200).optional(),
  token_endpoint_auth_method: z.string().max(100).optional(),
  grant_types: z.array(z.string().max(100)).max(10).optional(),
  response_types: z.array(z.string().max(100)).max(10).optional(),
  scope: z.string().max(500).optional(),
});
export type ClientMetadata = z.infer<typeof clientMetadata>;

const GRANT_TYPES = ['authorization_code', 'refresh_token'];

/** The checks both ways in share (registration, a metadata document): the redirect rules and public clients only. */
export function checkClientMetadata(raw: unknown): ClientMetadata {
  const parsed = clientMetadata.safeParse(raw);
  if (!parsed.success) {
    const bad = parsed.error.issues[0];
    const field = bad?.path.join('.') ?? '';
    const error = field.startsWith('redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata';
    throw new OAuthError(error, `${field || 'metadata'}: ${bad?.message ?? 'invalid'}`);
  }
  const metadata = parsed.data;
  for (const uri of metadata.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', `redirect_uris: ${JSON.stringify(uri.slice(0, 200))} ${problem}`);
  }
  if (metadata.token_endpoint_auth_method && metadata.token_endpoint_auth_method !== 'none') {
    throw new OAuthError('invalid_client_metadata', 'token_endpoint_auth_method: only "none" (public clients with PKCE) is supported');
  }
  const unsupported = (metadata.grant_types ?? []).filter((g) => !GRANT_TYPES.includes(g));
  if (unsupported.length) throw new OAuthError('invalid_client_metadata', `grant_types: not supported: ${unsupported.join(', ')}`);
  if ((metadata.response_types ?? ['code']).some((r) => r !== 'code')) throw new OAuthError('invalid_client_metadata', 'response_types: only "code"');
  return metadata;
}

/** RFC 7591 dynamic registration: a new public client with its own random id. */
export async function registerClient(deps: AppDeps, raw: unknown) {
  const metadata = checkClientMetadata(raw);
  const clientId = `sbc_${randomBytes(18).toString('base64url')}`;
  const name = metadata.client_name?.trim() || null;
  await saveClient(deps.db, { clientId, kind: 'registered', name, redirectUris: metadata.redirect_uris });
  return {
    client_id: clientId,
    client_id_issued_at: Math.floor(Date.now() / 1000),
    redirect_uris: metadata.redirect_uris,
    ...(name ? { client_name: name } : {}),
    token_endpoint_auth_method: 'none',
    grant_types: GRANT_TYPES,
    response_types: ['code'],
  };
}
