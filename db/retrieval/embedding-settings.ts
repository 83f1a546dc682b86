import { and, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { embeddingSettings } from '../schema/index.ts';
import type { EmbeddingSettingsRow } from '../schema/index.ts';

export async function findEmbeddingSettings(db: Database, userId: string): Promise<EmbeddingSettingsRow | null> {
  const [row] = await db.select().from(embeddingSettings).where(eq(embeddingSettings.userId, userId));
  return row ?? null;
}

export async function saveEmbeddingSettings(
  db: Database,
  userId: string,
  values: Partial<Omit<EmbeddingSettingsRow, 'userId' | 'updatedAt'>> & { provider: string; vendorModel: string },
): Promise<EmbeddingSettingsRow> {
  const set = { ...values, updatedAt: new Date() };
  const [row] = await db
    .insert(embeddingSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: embeddingSettings.userId, set })
    .returning();
  return row;
}

/** Status updates from the re-embed workflow; a no-op for users without settings. */
export async function updateEmbeddingStatus(
  db: Database,
  userId: string,
  values: Pick<Partial<EmbeddingSettingsRow>, 'status' | 'reembeddedTools' | 'reembeddedAt' | 'lastError' | 'activeProvider' | 'activeModel' | 'progressDone' | 'progressTotal' | 'attempt'>,
  /** Only while the user's choice is still this one: a re-embed for an older choice changes nothing. */
  choice?: { provider: string; vendorModel: string },
): Promise<boolean> {
  const conditions = [eq(embeddingSettings.userId, userId)];
  if (choice) conditions.push(eq(embeddingSettings.provider, choice.provider), eq(embeddingSettings.vendorModel, choice.vendorModel));
  const rows = await db
    .update(embeddingSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(and(...conditions))
    .returning({ userId: embeddingSettings.userId });
  return rows.length > 0;
}
