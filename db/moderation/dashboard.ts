import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers, serverFlags, serverReviews, serverVerifications } from '../schema/index.ts';

/** The counts behind GET /mcp-moderation/moderation/dashboard, computed in a handful of grouped queries. */
export async function moderationCounts(db: Database) {
  const [flagRows, reviewRows, verificationRows, featuredRows, serverRows, topFlagged] = await Promise.all([
    db.select({ status: serverFlags.status, n: count() }).from(serverFlags).groupBy(serverFlags.status),
    db.select({ n: count(), average: sql<string | null>`avg(${serverReviews.rating})` }).from(serverReviews),
    db.select({ status: serverVerifications.status, n: count() }).from(serverVerifications).groupBy(serverVerifications.status),
    db.select({ n: count() }).from(serverVerifications).where(eq(serverVerifications.featured, true)),
    db.select({ n: count() }).from(mcpServers).where(isNull(mcpServers.ownerUserId)),
    db
      .select({ server: serverFlags.serverName, n: count() })
      .from(serverFlags)
      .where(and(eq(serverFlags.status, 'open')))
      .groupBy(serverFlags.serverName)
      .orderBy(desc(count()), serverFlags.serverName)
      .limit(10),
  ]);
  return { flagRows, review: reviewRows[0], verificationRows, featured: featuredRows[0]?.n ?? 0, servers: serverRows[0]?.n ?? 0, topFlagged };
}
