import { deleteCredential } from '../../../db/credentials/server-credentials.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import { findVisibleServersByRef } from '../../../db/registry/servers.ts';
import { credentialCipherOf } from '../../../platform/credentials/cipher.ts';
import { credentialStatus, saveServerCredentials } from '../../../platform/credentials/store.ts';
import type { CredentialStatus } from '../../../platform/credentials/store.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, invalidRequest } from '../../errors.ts';
import { recordAudit, userContext } from '../trust/record.ts';

/*
 * A user's credentials for a server through REST (and the console and CLI over it): which
 * names the server declares, which are set and when, set and delete. Write-only: no answer
 * ever carries a value (decisions.md, "The credential store").
 */

/** The answer of every credentials route: names and times, never a value. */
export function statusBody(server: string, status: CredentialStatus) {
  const setAt = new Map(status.set.map((row) => [row.name, Math.floor(row.updatedAt.getTime() / 1000)]));
  return {
    server,
    required: status.required,
    kind: status.kind,
    setup_url: status.setupUrl,
    credentials: status.names.map((name) => ({ name, set: setAt.has(name), updated_at: setAt.get(name) ?? null })),
    missing: status.missing,
  };
}

/** The server a user names (a name, or a custom server's id), when they may see it: another user's custom server is not found. */
async function visibleServerKey(deps: AppDeps, userId: string, ref: string): Promise<string> {
  const [server] = await findVisibleServersByRef(deps.db, [ref], userId);
  if (!server) throw new AppError('SERVER_NOT_FOUND', `No MCP server named ${ref}`, { parameter: 'server', reason: 'not_found' });
  return server.name;
}

async function statusOf(deps: AppDeps, userId: string, serverKey: string) {
  const status = await credentialStatus(deps.db, userId, serverKey);
  // The server was deleted between the two reads: as if it had never been found.
  if (!status) throw new AppError('SERVER_NOT_FOUND', `No MCP server named ${shownServerName(serverKey)}`, { parameter: 'server', reason: 'not_found' });
  return statusBody(shownServerName(serverKey), status);
}

/** GET: what the server declares and what the user has set. */
export async function getServerCredentials(deps: AppDeps, userId: string, ref: string) {
  return statusOf(deps, userId, await visibleServerKey(deps, userId, ref));
}

/** PUT: stores the given values (merge); every name must be one the server declares. */
export async function putServerCredentials(deps: AppDeps, userId: string, ref: string, values: Record<string, string>, requestId: string | null) {
  const serverKey = await visibleServerKey(deps, userId, ref);
  const declared = await credentialStatus(deps.db, userId, serverKey);
  const names = new Set(declared?.names ?? []);
  for (const name of Object.keys(values)) {
    if (!names.has(name)) {
      const offer = names.size ? `; it declares ${[...names].join(', ')}` : '; it declares none';
      throw invalidRequest(`${shownServerName(serverKey)} does not declare the credential ${name}${offer}`, `values.${name}`, 'not_declared');
    }
  }
  await saveServerCredentials(deps.db, credentialCipherOf(deps.config, deps.secrets), userId, serverKey, values);
  // Names only: the values went to the cipher and nowhere else.
  await recordAudit(deps, userContext(userId, requestId), { action: 'credential.set', target: shownServerName(serverKey), details: { names: Object.keys(values).sort() } });
  return statusOf(deps, userId, serverKey);
}

/** DELETE one value: 404 when it was not set. */
export async function deleteServerCredential(deps: AppDeps, userId: string, ref: string, name: string, requestId: string | null): Promise<void> {
  const serverKey = await visibleServerKey(deps, userId, ref);
  if (!(await deleteCredential(deps.db, userId, serverKey, name))) {
    throw new AppError('NOT_FOUND', `No credential ${name} is set for ${shownServerName(serverKey)}`, { parameter: 'name', reason: 'not_found' });
  }
  await recordAudit(deps, userContext(userId, requestId), { action: 'credential.delete', target: shownServerName(serverKey), details: { names: [name] } });
}
