import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers, serverCredentials } from '../schema/index.ts';

/** A sealed value as stored (platform/credentials/cipher.ts opens it). */
export interface StoredCredential {
  name: string;
  ciphertext: string;
  keyId: string;
  updatedAt: Date;
}

/** What a server declares about credentials, and how it is launched (stdio: env, HTTP: headers). */
export interface ServerAuthentication {
  authentication: Record<string, unknown> | null;
  launchType: string | null;
}

/** The authentication block and launch type of a server, by its internal key; null when no such server. */
export async function findServerAuthentication(db: Database, serverKey: string): Promise<ServerAuthentication | null> {
  const [row] = await db
    .select({ authentication: mcpServers.authentication, launchType: sql<string | null>`${mcpServers.launch}->>'type'` })
    .from(mcpServers)
    .where(eq(mcpServers.name, serverKey));
  return row ?? null;
}

/** A user's sealed values for one server, by name. */
export async function findStoredCredentials(db: Database, userId: string, serverKey: string): Promise<StoredCredential[]> {
  return db
    .select({ name: serverCredentials.name, ciphertext: serverCredentials.ciphertext, keyId: serverCredentials.keyId, updatedAt: serverCredentials.updatedAt })
    .from(serverCredentials)
    .where(and(eq(serverCredentials.userId, userId), eq(serverCredentials.serverName, serverKey)))
    .orderBy(asc(serverCredentials.name));
}

/** Which names a user has set for one server and when: the status read, which never loads a ciphertext. */
export async function findCredentialTimes(db: Database, userId: string, serverKey: string): Promise<{ name: string; updatedAt: Date }[]> {
  return db
    .select({ name: serverCredentials.name, updatedAt: serverCredentials.updatedAt })
    .from(serverCredentials)
    .where(and(eq(serverCredentials.userId, userId), eq(serverCredentials.serverName, serverKey)))
    .orderBy(asc(serverCredentials.name));
}

/** Stores sealed values (insert or replace), all or none. */
export async function saveCredentials(db: Database, userId: string, serverKey: string, values: { name: string; ciphertext: string; keyId: string }[]): Promise<void> {
  if (!values.length) return;
  const now = new Date();
  await db
    .insert(serverCredentials)
    .values(values.map((v) => ({ userId, serverName: serverKey, ...v, createdAt: now, updatedAt: now })))
    .onConflictDoUpdate({
      target: [serverCredentials.userId, serverCredentials.serverName, serverCredentials.name],
      set: { ciphertext: sql`excluded.ciphertext`, keyId: sql`excluded.key_id`, updatedAt: now },
    });
}

/** Removes one value; true when there was one. */
export async function deleteCredential(db: Database, userId: string, serverKey: string, name: string): Promise<boolean> {
  const removed = await db
    .delete(serverCredentials)
    .where(and(eq(serverCredentials.userId, userId), eq(serverCredentials.serverName, serverKey), eq(serverCredentials.name, name)))
    .returning({ name: serverCredentials.name });
  return removed.length > 0;
}

/** A batch of rows sealed with a key other than `keyId` (a rotation's re-seal pass). */
export async function findCredentialsSealedWithout(db: Database, keyId: string, limit: number) {
  return db
    .select({
      userId: serverCredentials.userId,
      serverKey: serverCredentials.serverName,
      name: serverCredentials.name,
      ciphertext: serverCredentials.ciphertext,
      keyId: serverCredentials.keyId,
    })
    .from(serverCredentials)
    .where(ne(serverCredentials.keyId, keyId))
    .limit(limit);
}

/**
 * Replaces one row's ciphertext with its re-sealed form, unless the user wrote a new value
 * meanwhile (the row no longer holds the ciphertext that was re-sealed): true when replaced.
 * The value and updated_at are unchanged, so the user's "set at" stays what they did.
 */
export async function resealCredential(
  db: Database,
  row: { userId: string; serverKey: string; name: string; ciphertext: string },
  sealed: { ciphertext: string; keyId: string },
): Promise<boolean> {
  const updated = await db
    .update(serverCredentials)
    .set(sealed)
    .where(
      and(
        eq(serverCredentials.userId, row.userId),
        eq(serverCredentials.serverName, row.serverKey),
        eq(serverCredentials.name, row.name),
        eq(serverCredentials.ciphertext, row.ciphertext),
      ),
    )
    .returning({ name: serverCredentials.name });
  return updated.length > 0;
}
