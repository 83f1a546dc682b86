import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { embeddingSettings, embeddingUsage, mcpServers } from '../schema/index.ts';
import type { IndexDocument } from './tool-documents.ts';
import { apiDocuments, registryDocuments } from './tool-documents.ts';

/** The documents a user owns: tools sent through POST /v2/index_tools and their custom servers' tools. */
export async function ownedDocuments(db: Database, userId: string): Promise<IndexDocument[]> {
  const owned = await db.select({ name: mcpServers.name }).from(mcpServers).where(eq(mcpServers.ownerUserId, userId));
  const [api, custom] = await Promise.all([apiDocuments(db, userId), registryDocuments(db, owned.map((s) => s.name))]);
  return [...api, ...custom];
}

/** The vector space a user's retrieval uses now; null = the default space. `version` moves when it is (re)activated. */
export interface ActiveSpace {
  provider: string;
  model: string;
  version: number;
}

/** The active space a settings row names: both parts set, or the default space (null). */
export function activeSpaceFrom(row: { provider: string | null; model: string | null; reembeddedAt: Date | string | null } | null | undefined): ActiveSpace | null {
  if (!row?.provider || !row.model) return null;
  return { provider: row.provider, model: row.model, version: row.reembeddedAt ? new Date(row.reembeddedAt).getTime() : 0 };
}

const activeColumns = {
  userId: embeddingSettings.userId,
  provider: embeddingSettings.activeProvider,
  model: embeddingSettings.activeModel,
  reembeddedAt: embeddingSettings.reembeddedAt,
};

export async function activeSpaceOf(db: Database, userId: string): Promise<ActiveSpace | null> {
  const [row] = await db.select(activeColumns).from(embeddingSettings).where(eq(embeddingSettings.userId, userId));
  return activeSpaceFrom(row);
}

/** Owners among `userIds` whose active space is not the default one. */
export async function activeSpacesOf(db: Database, userIds: string[]): Promise<Map<string, ActiveSpace>> {
  const out = new Map<string, ActiveSpace>();
  if (userIds.length === 0) return out;
  const rows = await db.select(activeColumns).from(embeddingSettings).where(inArray(embeddingSettings.userId, [...new Set(userIds)]));
  for (const row of rows) {
    const space = activeSpaceFrom(row);
    if (space) out.set(row.userId, space);
  }
  return out;
}

/** Adds embedded texts and tokens to a user's usage of a space. */
export async function addEmbeddingUsage(db: Database, userId: string, space: string, kind: 'documents' | 'queries', texts: number, tokens: number): Promise<void> {
  if (texts === 0 && tokens === 0) return;
  await db
    .insert(embeddingUsage)
    .values({ userId, space, kind, texts, tokens })
    .onConflictDoUpdate({
      target: [embeddingUsage.userId, embeddingUsage.space, embeddingUsage.kind],
      set: { texts: sql`${embeddingUsage.texts} + ${texts}`, tokens: sql`${embeddingUsage.tokens} + ${tokens}`, updatedAt: new Date() },
    });
}

/** A user's usage of one space, per kind (zeros when nothing was embedded). */
export async function embeddingUsageOf(db: Database, userId: string, space: string): Promise<Record<'documents' | 'queries', { texts: number; tokens: number }>> {
  const rows = await db.select().from(embeddingUsage).where(and(eq(embeddingUsage.userId, userId), eq(embeddingUsage.space, space)));
  const out = { documents: { texts: 0, tokens: 0 }, queries: { texts: 0, tokens: 0 } };
  for (const row of rows) out[row.kind] = { texts: Number(row.texts), tokens: Number(row.tokens) };
  return out;
}
