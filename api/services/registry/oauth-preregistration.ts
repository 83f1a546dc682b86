import { findServerConnect } from '../../../db/jobs/tool-target.ts';
import { deletePreregistration, findPreregistration, savePreregistration } from '../../../db/oauth-client/preregistrations.ts';
import { credentialCipherOf } from '../../../platform/credentials/cipher.ts';
import { preregisteredSlot } from '../../../platform/oauth-client/registration.ts';
import { oauthTargetOf } from '../../../platform/oauth-client/target.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, invalidRequest } from '../../errors.ts';

/*
 * An operator's pre-registered OAuth client for one remote server entry (MCP 2025-11-25,
 * pre-registration): for an AS that offers neither dynamic registration nor metadata
 * documents. Write-only like every credential: the secret is sealed and never answered.
 */

export type AuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

const view = (server: string, row: { clientId: string; ciphertext: string | null; authMethod: string | null }) => ({
  server,
  client_id: row.clientId,
  has_secret: row.ciphertext !== null,
  token_endpoint_auth_method: (row.authMethod as AuthMethod | null) ?? null,
});

async function remoteEntry(deps: AppDeps, server: string): Promise<void> {
  const row = await findServerConnect(deps.db, server);
  if (!row) throw new AppError('SERVER_NOT_FOUND', `No MCP server named ${server}`, { parameter: 'name', reason: 'not_found' });
  if (!oauthTargetOf(row, deps.config.allowPrivateWebhookTargets)) throw invalidRequest(`${server} is not a remote (HTTP) server: it has no authorization server`, 'name', 'not_remote');
}

/** PUT: sets the client; a secret without a method is sent as the AS's metadata prefers (the SDK chooses). */
export async function setPreregisteredClient(deps: AppDeps, server: string, input: { client_id: string; client_secret?: string; token_endpoint_auth_method?: AuthMethod }) {
  await remoteEntry(deps, server);
  const sealed = input.client_secret ? credentialCipherOf(deps.config, deps.secrets).seal(input.client_secret, preregisteredSlot(server)) : null;
  const secret = { ciphertext: sealed?.ciphertext ?? null, keyId: sealed?.keyId ?? null };
  const row = { serverName: server, clientId: input.client_id, ...secret, authMethod: input.token_endpoint_auth_method ?? null };
  await savePreregistration(deps.db, row);
  return view(server, row);
}

/** GET: which client is set, never its secret. */
export async function getPreregisteredClient(deps: AppDeps, server: string) {
  await remoteEntry(deps, server);
  const row = await findPreregistration(deps.db, server);
  if (!row) throw new AppError('NOT_FOUND', `${server} has no pre-registered OAuth client`, { parameter: 'name', reason: 'not_found' });
  return view(server, row);
}

/** DELETE: back to metadata documents or dynamic registration. */
export async function deletePreregisteredClient(deps: AppDeps, server: string): Promise<null> {
  await remoteEntry(deps, server);
  if (!(await deletePreregistration(deps.db, server))) throw new AppError('NOT_FOUND', `${server} has no pre-registered OAuth client`, { parameter: 'name', reason: 'not_found' });
  return null;
}
