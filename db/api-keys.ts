import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { generateApiKey } from '../domain/api-key-format.ts';
import type { Database } from './client.ts';
import { prepared } from './prepared.ts';
import { apiKeys, users } from './schema/index.ts';
import type { ApiKey, User } from './schema/index.ts';

/** Creates a key and returns its clear value: the only time it is ever available. */
export async function createApiKey(db: Database, userId: string): Promise<{ key: string; record: ApiKey }> {
  const fresh = generateApiKey();
  const [record] = await db.insert(apiKeys).values({ userId, prefix: fresh.prefix, hash: fresh.hash }).returning();
  return { key: fresh.key, record };
}

export async function findKeyWithUser(
  db: Database,
  prefix: string,
): Promise<{ key: ApiKey; user: User } | undefined> {
  // Every authenticated request by API key runs this: prepared (db/prepared.ts).
  const query = prepared(db, 'key_with_user', () =>
    db
      .select({ key: apiKeys, user: users })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(eq(apiKeys.prefix, sql.placeholder('prefix')))
      .limit(1)
      .prepare('key_with_user'),
  );
  const rows = await query.execute({ prefix });
  return rows[0];
}

export async function touchApiKey(db: Database, id: string): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, id));
}

/** Revokes by prefix; false when no active key has it. */
export async function revokeApiKey(db: Database, prefix: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** A user's keys, newest first, revoked ones too (the self-service list, GET /api-keys). */
export async function listUserApiKeys(db: Database, userId: string): Promise<ApiKey[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

type Tx = Pick<Database, 'select' | 'insert' | 'update'>;

/**
 * Runs a change of a user's keys with the user's row locked, so two concurrent requests of
 * that user see each other's result (a count then a write cannot interleave).
 */
async function withUserLocked<T>(db: Database, userId: string, work: (tx: Tx, active: number) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [row] = await tx.select({ n: count() }).from(apiKeys).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    return work(tx, row?.n ?? 0);
  });
}

/** A new key for the user unless it already holds `maxActive` active keys (then undefined). */
export async function createUserApiKey(db: Database, userId: string, maxActive: number): Promise<{ key: string; record: ApiKey } | undefined> {
  return withUserLocked(db, userId, async (tx, active) => (active >= maxActive ? undefined : createApiKey(tx as Database, userId)));
}

export type UserKeyRevocation =
  | { outcome: 'revoked' | 'already_revoked'; record: ApiKey }
  | { outcome: 'not_found' }
  | { outcome: 'last_active'; record: ApiKey };

/**
 * Revokes one of the user's keys by id: another user's key is `not_found`, like a missing one;
 * with `keepOneActive`, the user's only active key stays (`last_active`).
 */
export async function revokeUserApiKey(db: Database, userId: string, keyId: string, options: { keepOneActive: boolean }): Promise<UserKeyRevocation> {
  return withUserLocked(db, userId, async (tx, active) => {
    const [record] = await tx.select().from(apiKeys).where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)));
    if (!record) return { outcome: 'not_found' };
    if (record.revokedAt) return { outcome: 'already_revoked', record };
    if (options.keepOneActive && active <= 1) return { outcome: 'last_active', record };
    const [revoked] = await tx.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, keyId)).returning();
    return { outcome: 'revoked', record: revoked ?? record };
  });
}
