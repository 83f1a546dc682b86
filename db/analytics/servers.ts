import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers } from '../schema/index.ts';

/** Any server, custom ones included: analytics is an admin view. */
export async function findServer(db: Database, name: string) {
  const rows = await db.select({ name: mcpServers.name }).from(mcpServers).where(eq(mcpServers.name, name)).limit(1);
  return rows[0];
}
