import { and, eq, isNull } from 'drizzle-orm';
import { generateApiKey } from '../domain/api-key-format.ts';
import type { Database } from './client.ts';
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
  const rows = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.prefix, prefix))
    .limit(1);
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
