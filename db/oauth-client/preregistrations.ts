import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { oauthClientPreregistrations } from '../schema/index.ts';

export type PreregistrationRow = typeof oauthClientPreregistrations.$inferSelect;

/** The client an operator registered by hand for a server's AS; null when there is none. */
export async function findPreregistration(db: Database, serverKey: string): Promise<PreregistrationRow | null> {
  const [row] = await db.select().from(oauthClientPreregistrations).where(eq(oauthClientPreregistrations.serverName, serverKey));
  return row ?? null;
}

/** Sets (or replaces) a server's pre-registered client; the secret arrives sealed. */
export async function savePreregistration(db: Database, row: Omit<PreregistrationRow, 'updatedAt'>): Promise<void> {
  const set = { clientId: row.clientId, ciphertext: row.ciphertext, keyId: row.keyId, authMethod: row.authMethod, updatedAt: new Date() };
  await db.insert(oauthClientPreregistrations).values(row).onConflictDoUpdate({ target: oauthClientPreregistrations.serverName, set });
}

export async function deletePreregistration(db: Database, serverKey: string): Promise<boolean> {
  const gone = await db.delete(oauthClientPreregistrations).where(eq(oauthClientPreregistrations.serverName, serverKey)).returning();
  return gone.length > 0;
}
