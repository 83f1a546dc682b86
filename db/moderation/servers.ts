import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers } from '../schema/index.ts';

/**
 * A registry server that moderation applies to. Users' custom servers are private to their
 * owners, so for moderation they do not exist.
 */
export async function findPublicServer(db: Database, name: string) {
  const rows = await db
    .select({ name: mcpServers.name, displayName: mcpServers.displayName, category: mcpServers.category })
    .from(mcpServers)
    .where(and(eq(mcpServers.name, name), isNull(mcpServers.ownerUserId)))
    .limit(1);
  return rows[0];
}
