import { desc, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers, serverVerifications } from '../schema/index.ts';
import type { ServerVerificationRow } from '../schema/index.ts';

export async function findVerification(db: Database, serverName: string): Promise<ServerVerificationRow | undefined> {
  const rows = await db.select().from(serverVerifications).where(eq(serverVerifications.serverName, serverName)).limit(1);
  return rows[0];
}

export async function saveVerification(
  db: Database,
  row: Omit<ServerVerificationRow, 'updatedAt'>,
): Promise<ServerVerificationRow> {
  const now = new Date();
  const rows = await db
    .insert(serverVerifications)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({ target: serverVerifications.serverName, set: { ...row, updatedAt: now } })
    .returning();
  return rows[0];
}

/** Featured servers with their registry fields, most recently verified first. */
export function listFeatured(db: Database, limit: number) {
  return db
    .select({
      name: mcpServers.name,
      displayName: mcpServers.displayName,
      description: mcpServers.description,
      category: mcpServers.category,
      icon: mcpServers.icon,
      url: mcpServers.url,
      status: serverVerifications.status,
      verifiedAt: serverVerifications.verifiedAt,
    })
    .from(serverVerifications)
    .innerJoin(mcpServers, eq(mcpServers.name, serverVerifications.serverName))
    .where(eq(serverVerifications.featured, true))
    .orderBy(desc(serverVerifications.verifiedAt), mcpServers.name)
    .limit(limit);
}
