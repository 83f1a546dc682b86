import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { analyticsEvents, freeToolInstalls } from '../schema/index.ts';

/** Records an install; undefined when this identifier had already installed the tool. */
export async function insertInstall(db: Database, userIdentifier: string, toolSlug: string) {
  const rows = await db.insert(freeToolInstalls).values({ userIdentifier, toolSlug }).onConflictDoNothing().returning();
  return rows[0];
}

export async function findInstall(db: Database, userIdentifier: string, toolSlug: string) {
  const rows = await db
    .select()
    .from(freeToolInstalls)
    .where(and(eq(freeToolInstalls.userIdentifier, userIdentifier), eq(freeToolInstalls.toolSlug, toolSlug)))
    .limit(1);
  return rows[0];
}

/** Installs and runs per tool, and which tools one identifier installed. */
export async function freeToolCounts(db: Database, userIdentifier: string | undefined) {
  const [installs, runs, mine] = await Promise.all([
    db.select({ slug: freeToolInstalls.toolSlug, n: count() }).from(freeToolInstalls).groupBy(freeToolInstalls.toolSlug),
    db
      .select({ slug: analyticsEvents.toolName, n: count() })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.origin, 'free_tools'))
      .groupBy(analyticsEvents.toolName),
    userIdentifier
      ? db.select({ slug: freeToolInstalls.toolSlug }).from(freeToolInstalls).where(eq(freeToolInstalls.userIdentifier, userIdentifier))
      : Promise.resolve([]),
  ]);
  return {
    installs: new Map(installs.map((r) => [r.slug, r.n])),
    runs: new Map(runs.map((r) => [r.slug ?? '', r.n])),
    mine: new Set(mine.map((r) => r.slug)),
  };
}
