import { DuplicateEmailError, createAccount } from '../../../db/accounts.ts';
import { recordAudit } from '../trust/record.ts';
import type { AuditContext } from '../trust/record.ts';
import { createApiKey, revokeApiKey } from '../../../db/api-keys.ts';
import type { Plan, Role } from '../../../db/schema/index.ts';
import { countUsers, deleteUser, findUserById, listUsers, updateUser } from '../../../db/users.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { publicUser } from './user-record.ts';

/*
 * The operator's administration of users and keys (the admin routes, and through them the
 * operator CLI on an embedded service). Every answer presents users with `publicUser`.
 */

type Deps = Pick<AppDeps, 'db'>;

const userNotFound = (id: string) => notFound('NOT_FOUND', `User ${id} not found`);

async function userOr404(deps: Deps, id: string) {
  const user = await findUserById(deps.db, id);
  if (!user) throw userNotFound(id);
  return user;
}

/** GET /admin/users: a page in creation order, with the total. */
export async function listUsersPage(deps: Deps, page: { limit: number; offset: number }) {
  const [users, total] = await Promise.all([listUsers(deps.db, page), countUsers(deps.db)]);
  return { users: users.map(publicUser), pagination: { limit: page.limit, offset: page.offset, total } };
}

export async function getUser(deps: Deps, id: string) {
  return publicUser(await userOr404(deps, id));
}

export async function removeUser(deps: Deps, id: string) {
  if (!(await deleteUser(deps.db, id))) throw userNotFound(id);
  return { id, status: 'deleted' as const };
}

export async function setUserRole(deps: Deps, id: string, role: Role) {
  const user = await updateUser(deps.db, id, { role });
  if (!user) throw userNotFound(id);
  return publicUser(user);
}

/** POST /admin/users: the user and its first API key (shown once); 409 on a taken e-mail. */
export async function createUserWithKey(deps: Deps, input: { email: string; plan: Plan; role: Role }, audit: AuditContext) {
  try {
    const { user, apiKey } = await createAccount(deps.db, input);
    await recordAudit(deps, audit, { action: 'user.create', target: user.id, details: { plan: input.plan, role: input.role, key_prefix: apiKey.slice(3, 13) } });
    return { user_id: user.id, api_key: apiKey, user: publicUser(user) };
  } catch (error) {
    if (error instanceof DuplicateEmailError) throw new AppError('CONFLICT', `A user with e-mail ${input.email} exists`);
    throw error;
  }
}

/** POST /admin/users/{user_id}/keys: a further key for an existing user. */
export async function issueKey(deps: Deps, userId: string, audit: AuditContext) {
  const user = await userOr404(deps, userId);
  const { key, record } = await createApiKey(deps.db, user.id);
  await recordAudit(deps, audit, { action: 'api_key.create', target: record.prefix, details: { user_id: user.id, key_id: record.id } });
  return { user_id: user.id, api_key: key, prefix: record.prefix };
}

/** DELETE /admin/keys/{prefix}: revokes the active key with that prefix. */
export async function revokeKey(deps: Deps, prefix: string, audit: AuditContext) {
  if (!(await revokeApiKey(deps.db, prefix))) throw notFound('NOT_FOUND', `No active key with prefix ${prefix}`);
  await recordAudit(deps, audit, { action: 'api_key.revoke', target: prefix });
  return { prefix, status: 'revoked' as const };
}
