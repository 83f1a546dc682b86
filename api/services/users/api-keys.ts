import { z } from 'zod';
import { createUserApiKey, listUserApiKeys, revokeUserApiKey } from '../../../db/api-keys.ts';
import type { ApiKey } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { unixSeconds } from '../../schemas.ts';
import { recordAudit } from '../trust/record.ts';
import type { AuditContext } from '../trust/record.ts';

/*
 * A person's own API keys (GET/POST /api-keys, DELETE /api-keys/{key_id}; decisions.md,
 * "Self-service API keys"). Keys are made and stored by db/api-keys.ts, as for the operator's
 * routes: the same format, the same hash, the clear value shown once.
 */

type Deps = Pick<AppDeps, 'db'>;

/** More active keys than anyone needs by hand: a runaway script stops here, not at the table's size. */
export const MAX_ACTIVE_KEYS = 25;

export const apiKeyRecord = z.object({
  id: z.uuid(),
  prefix: z.string().meta({ description: 'The 10 characters after `sb_`: how the key is recognised (and named to the operator CLI)' }),
  created_at: z.number().int(),
  last_used_at: z.number().int().nullable().meta({ description: 'Last authentication with the key, to the minute; null if never used' }),
  revoked: z.boolean(),
  revoked_at: z.number().int().nullable(),
});
export type ApiKeyRecord = z.infer<typeof apiKeyRecord>;

/** A key as created: the record and, this once, the key itself. */
export const createdApiKey = apiKeyRecord.extend({ api_key: z.string().meta({ description: 'The key itself: shown in this answer only' }) });

function keyRecord(key: ApiKey): ApiKeyRecord {
  return {
    id: key.id,
    prefix: key.prefix,
    created_at: unixSeconds(key.createdAt),
    last_used_at: key.lastUsedAt ? unixSeconds(key.lastUsedAt) : null,
    revoked: key.revokedAt !== null,
    revoked_at: key.revokedAt ? unixSeconds(key.revokedAt) : null,
  };
}

export async function listOwnKeys(deps: Deps, userId: string) {
  const keys = await listUserApiKeys(deps.db, userId);
  return { keys: keys.map(keyRecord), total: keys.length, active: keys.filter((key) => key.revokedAt === null).length };
}

/** A new key; its clear value is in this answer only. */
export async function createOwnKey(deps: Deps, userId: string, audit: AuditContext) {
  const created = await createUserApiKey(deps.db, userId, MAX_ACTIVE_KEYS);
  if (!created) throw new AppError('CONFLICT', `You have ${MAX_ACTIVE_KEYS} active keys, the most allowed; revoke one you no longer use first`, { limit: MAX_ACTIVE_KEYS });
  await recordAudit(deps, audit, { action: 'api_key.create', target: created.record.prefix, details: { user_id: userId, key_id: created.record.id } });
  return { ...keyRecord(created.record), api_key: created.key };
}

/**
 * Revokes one of the caller's keys — also the one the request came with (its answer is the
 * last it gets). The only active key stays: without it the person could not sign in again
 * without the operator, so they create its successor first. Revoking twice answers the same.
 */
export async function revokeOwnKey(deps: Deps, userId: string, keyId: string, audit: AuditContext) {
  const result = await revokeUserApiKey(deps.db, userId, keyId, { keepOneActive: true });
  if (result.outcome === 'not_found') throw notFound('NOT_FOUND', `API key ${keyId} not found`);
  if (result.outcome === 'last_active') {
    throw new AppError('CONFLICT', 'This is your only active key: create another one first, then revoke this one', { key_id: keyId });
  }
  await recordAudit(deps, audit, { action: 'api_key.revoke', target: result.record.prefix, details: { user_id: userId, key_id: keyId } });
  return { ...keyRecord(result.record), status: 'revoked' as const };
}
