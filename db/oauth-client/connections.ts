import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { oauthClientRegistrations, oauthConnections, oauthPendingAuthorizations, oauthProtectedServers, serverCredentials } from '../schema/index.ts';
import type { OAuthConnectionRow, OAuthPendingRow } from '../schema/index.ts';

/** A database or a transaction on it (a refresh reads and writes under its row lock). */
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** The credential-store name a connection's tokens are sealed under (no REST name can spell it: credentialName). */
export const OAUTH_TOKENS_NAME = 'oauth:tokens';

/** Our client at an authorization server, for one redirect URI; null when we have not registered there. */
export async function findRegistration(db: Database, issuer: string, redirectUri: string) {
  const [row] = await db
    .select()
    .from(oauthClientRegistrations)
    .where(and(eq(oauthClientRegistrations.issuer, issuer), eq(oauthClientRegistrations.redirectUri, redirectUri)));
  return row ?? null;
}

/** Keeps the first registration when two processes registered at once: every later read agrees on one client. */
export async function saveRegistration(db: Database, row: typeof oauthClientRegistrations.$inferInsert) {
  await db.insert(oauthClientRegistrations).values(row).onConflictDoNothing();
  return findRegistration(db, row.issuer, row.redirectUri);
}

export async function savePending(db: Database, row: OAuthPendingRow): Promise<void> {
  // Expired ones of anybody go on the way: a table of abandoned attempts never grows.
  await db.delete(oauthPendingAuthorizations).where(lt(oauthPendingAuthorizations.expiresAt, new Date()));
  await db.insert(oauthPendingAuthorizations).values(row);
}

/** Takes (reads and deletes, once) the authorization a state belongs to: a replayed callback finds nothing. */
export async function takePending(db: Database, stateHash: string): Promise<OAuthPendingRow | null> {
  const [row] = await db.delete(oauthPendingAuthorizations).where(eq(oauthPendingAuthorizations.stateHash, stateHash)).returning();
  return row ?? null;
}

export async function findConnection(db: Database, userId: string, serverKey: string): Promise<OAuthConnectionRow | null> {
  const [row] = await db.select().from(oauthConnections).where(and(eq(oauthConnections.userId, userId), eq(oauthConnections.serverName, serverKey)));
  return row ?? null;
}

/** The connection row, locked until the transaction ends: the one refresh per user and server. */
export async function lockConnection(tx: Executor, userId: string, serverKey: string): Promise<OAuthConnectionRow | null> {
  const [row] = await tx
    .select()
    .from(oauthConnections)
    .where(and(eq(oauthConnections.userId, userId), eq(oauthConnections.serverName, serverKey)))
    .for('update');
  return row ?? null;
}

export async function saveConnection(db: Executor, row: Omit<OAuthConnectionRow, 'connectedAt' | 'updatedAt'>): Promise<void> {
  const now = new Date();
  await db
    .insert(oauthConnections)
    .values({ ...row, connectedAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [oauthConnections.userId, oauthConnections.serverName], set: { ...row, connectedAt: now, updatedAt: now } });
}

export async function updateConnection(db: Executor, userId: string, serverKey: string, set: Partial<Pick<OAuthConnectionRow, 'status' | 'expiresAt' | 'scope'>>) {
  await db
    .update(oauthConnections)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(oauthConnections.userId, userId), eq(oauthConnections.serverName, serverKey)));
}

export async function deleteConnection(db: Database, userId: string, serverKey: string): Promise<boolean> {
  const removed = await db
    .delete(oauthConnections)
    .where(and(eq(oauthConnections.userId, userId), eq(oauthConnections.serverName, serverKey)))
    .returning({ server: oauthConnections.serverName });
  return removed.length > 0;
}

/** A connection's sealed tokens; null when there are none (never connected, or dropped after a refused refresh). */
export async function findSealedTokens(db: Executor, userId: string, serverKey: string): Promise<{ ciphertext: string; keyId: string } | null> {
  const [row] = await db
    .select({ ciphertext: serverCredentials.ciphertext, keyId: serverCredentials.keyId })
    .from(serverCredentials)
    .where(and(eq(serverCredentials.userId, userId), eq(serverCredentials.serverName, serverKey), eq(serverCredentials.name, OAUTH_TOKENS_NAME)));
  return row ?? null;
}

export async function saveSealedTokens(db: Executor, userId: string, serverKey: string, sealed: { ciphertext: string; keyId: string }): Promise<void> {
  const now = new Date();
  await db
    .insert(serverCredentials)
    .values({ userId, serverName: serverKey, name: OAUTH_TOKENS_NAME, ...sealed, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [serverCredentials.userId, serverCredentials.serverName, serverCredentials.name], set: { ...sealed, updatedAt: now } });
}

export async function deleteSealedTokens(db: Executor, userId: string, serverKey: string): Promise<void> {
  await db
    .delete(serverCredentials)
    .where(and(eq(serverCredentials.userId, userId), eq(serverCredentials.serverName, serverKey), eq(serverCredentials.name, OAUTH_TOKENS_NAME)));
}

/** Records that a server asks for OAuth (discovery succeeded on it). */
export async function markProtected(db: Database, serverKey: string, found: { resource: string; issuer: string }): Promise<void> {
  await db
    .insert(oauthProtectedServers)
    .values({ serverName: serverKey, ...found })
    .onConflictDoUpdate({ target: oauthProtectedServers.serverName, set: { ...found, discoveredAt: new Date() } });
}

/** Which of `servers` ask for OAuth. */
export async function protectedAmong(db: Database, servers: string[]): Promise<Set<string>> {
  if (!servers.length) return new Set();
  const rows = await db.select({ name: oauthProtectedServers.serverName }).from(oauthProtectedServers).where(inArray(oauthProtectedServers.serverName, servers));
  return new Set(rows.map((r) => r.name));
}
