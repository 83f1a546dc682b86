import { denyApprovedOf } from '../../../db/device-codes/device-codes.ts';
import { revokeGrantsOf } from '../../../db/oauth/oauth.ts';
import type { Database } from '../../../db/client.ts';
import { bumpSessionEpoch } from '../../../db/users.ts';
import { notFound } from '../../errors.ts';

/**
 * POST /auth/logout, "log out everywhere": every session token of the user issued so far is
 * refused from the next request on, on every replica (the epoch lives in the user row that
 * authentication reads anyway), device logins approved but not yet collected are denied, and
 * applications connected through OAuth are revoked (their tokens are sessions too).
 * API keys stay: they are revoked one by one (DELETE /api-keys/{id}).
 */
export async function logOutEverywhere(db: Database, userId: string) {
  const epoch = await db.transaction(async (tx) => {
    const bumped = await bumpSessionEpoch(tx as Database, userId);
    await denyApprovedOf(tx as Database, userId);
    await revokeGrantsOf(tx as Database, userId);
    return bumped;
  });
  if (epoch === undefined) throw notFound('NOT_FOUND', 'No such user');
  return { status: 'logged_out' as const, message: 'Every session token and connected application of yours is now refused; API keys are unaffected' };
}
