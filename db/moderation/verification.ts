import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
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

/**
 * Registry servers whose verification status is `status` (a server without a row is
 * unverified), most recently updated first: the admin's verification queue.
 */
export async function listVerifications(
  db: Database,
  filter: { status: ServerVerificationRow['status']; limit: number; offset: number },
): Promise<{ rows: { serverName: string; row: ServerVerificationRow | null }[]; total: number }> {
  const where = and(isNull(mcpServers.ownerUserId), sql`coalesce(${serverVerifications.status}, 'unverified') = ${filter.status}`);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(mcpServers)
      .leftJoin(serverVerifications, eq(serverVerifications.serverName, mcpServers.name))
      .where(where)
      .orderBy(sql`${serverVerifications.updatedAt} desc nulls last`, mcpServers.name)
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: count() })
      .from(mcpServers)
      .leftJoin(serverVerifications, eq(serverVerifications.serverName, mcpServers.name))
      .where(where),
  ]);
  return { rows: rows.map((r) => ({ serverName: r.mcp_servers.name, row: r.server_verifications })), total: totals[0]?.n ?? 0 };
}
