import { grantsOf, revokeOwnGrant } from '../../../db/oauth/oauth.ts';
import type { OAuthGrantRow } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { unixSeconds } from '../../schemas.ts';

/** One connected client as the account page and GET /account/connected-clients show it. */
function record(grant: OAuthGrantRow, clientName: string | null) {
  return {
    id: grant.id,
    client_id: grant.clientId,
    client_name: clientName,
    resource: grant.resource,
    scopes: grant.scope.split(' '),
    created_at: unixSeconds(grant.createdAt),
    last_used_at: grant.lastUsedAt ? unixSeconds(grant.lastUsedAt) : null,
    revoked_at: grant.revokedAt ? unixSeconds(grant.revokedAt) : null,
    revoked_reason: grant.revokedReason,
  };
}
export type ConnectedClient = ReturnType<typeof record>;

export async function listConnectedClients(deps: AppDeps, userId: string) {
  const rows = await grantsOf(deps.db, userId);
  const clients = rows.map((row) => record(row.grant, row.clientName));
  return { clients, total: clients.length, active: clients.filter((c) => !c.revoked_at).length };
}

/** Revokes one of the user's own grants (its tokens stop at their next request) and forgets the consent behind it. */
export async function revokeConnectedClient(deps: AppDeps, userId: string, grantId: string) {
  const grant = await revokeOwnGrant(deps.db, userId, grantId);
  if (!grant) throw new AppError('NOT_FOUND', 'No active connected client with this id');
  return { ...record(grant, null), status: 'revoked' as const };
}
