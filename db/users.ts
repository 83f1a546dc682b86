import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { prepared } from './prepared.ts';
import { apiKeys, users } from './schema/index.ts';
import type { Plan, Role, User } from './schema/index.ts';

export function createUser(db: Database, input: { email: string; role?: Role; plan?: Plan }): Promise<User> {
  return db
    .insert(users)
    .values({ email: input.email.toLowerCase(), role: input.role ?? 'user', plan: input.plan ?? 'free' })
    .returning()
    .then((rows) => rows[0]);
}

export async function findUserById(db: Database, id: string): Promise<User | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/**
 * The user a session token names and, when the session came from an API key, whether that key
 * still stands (a key of another user does not). One query: authentication runs it on every
 * request made with a session token.
 */
export async function findSessionUser(db: Database, userId: string, keyId: string | undefined): Promise<{ user: User; keyActive: boolean } | undefined> {
  if (!keyId) {
    const user = await findUserById(db, userId);
    return user && { user, keyActive: true };
  }
  // Every request with a session token runs this: prepared (db/prepared.ts), like the API key's.
  const query = prepared(db, 'session_user', () =>
    db
      .select({ user: users, keyId: apiKeys.id, revokedAt: apiKeys.revokedAt })
      .from(users)
      .leftJoin(apiKeys, and(eq(apiKeys.id, sql.placeholder('keyId')), eq(apiKeys.userId, users.id)))
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('session_user'),
  );
  const row = (await query.execute({ userId, keyId }))[0];
  return row && { user: row.user, keyActive: row.keyId !== null && row.revokedAt === null };
}

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return rows[0];
}

export function listUsers(db: Database, page: { limit: number; offset: number }): Promise<User[]> {
  return db.select().from(users).orderBy(asc(users.createdAt), asc(users.id)).limit(page.limit).offset(page.offset);
}

export async function countUsers(db: Database): Promise<number> {
  return db.$count(users);
}

export async function updateUser(
  db: Database,
  id: string,
  changes: Partial<Pick<User, 'role' | 'plan'>>,
): Promise<User | undefined> {
  const rows = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return rows[0];
}

export async function deleteUser(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

/** Ends every session token of the user (they carry the epoch they were issued in); the new epoch. */
export async function bumpSessionEpoch(db: Database, id: string): Promise<number | undefined> {
  const rows = await db
    .update(users)
    .set({ sessionEpoch: sql`${users.sessionEpoch} + 1` })
    .where(eq(users.id, id))
    .returning({ epoch: users.sessionEpoch });
  return rows[0]?.epoch;
}
