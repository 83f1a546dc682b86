import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { apiDocuments, registryDocuments } from '../../db/retrieval/tool-documents.ts';
import { mcpServers } from '../../db/schema/index.ts';
import type { ToolDocument } from '../../search/types.ts';

/** The documents a user owns: tools sent through POST /v2/index_tools and their custom servers' tools. */
export async function userDocuments(db: Database, userId: string): Promise<ToolDocument[]> {
  const owned = await db.select({ name: mcpServers.name }).from(mcpServers).where(eq(mcpServers.ownerUserId, userId));
  const [api, custom] = await Promise.all([apiDocuments(db, userId), registryDocuments(db, owned.map((s) => s.name))]);
  return [...api, ...custom];
}
