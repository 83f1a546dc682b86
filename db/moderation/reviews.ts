import { and, avg, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { serverReviews } from '../schema/index.ts';
import type { ServerReviewRow } from '../schema/index.ts';

/** Creates the user's review of a server or replaces it; `created` says which happened. */
export async function upsertReview(
  db: Database,
  input: { serverName: string; userId: string; rating: number; title: string; text: string },
): Promise<{ review: ServerReviewRow; created: boolean }> {
  const now = new Date();
  const rows = await db
    .insert(serverReviews)
    .values({ ...input, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [serverReviews.serverName, serverReviews.userId],
      set: { rating: input.rating, title: input.title, text: input.text, updatedAt: now },
    })
    // xmax = 0 only for a freshly inserted row: the one way to tell insert from update in one statement.
    .returning({ ...getTableColumns(serverReviews), inserted: sql<boolean>`(xmax = 0)` });
  const { inserted, ...review } = rows[0];
  return { review, created: inserted };
}

export function listReviews(
  db: Database,
  filter: { serverName: string; sortBy: 'recent' | 'rating'; limit: number; offset: number },
): Promise<ServerReviewRow[]> {
  const order =
    filter.sortBy === 'rating'
      ? [desc(serverReviews.rating), desc(serverReviews.updatedAt), desc(serverReviews.id)]
      : [desc(serverReviews.updatedAt), desc(serverReviews.id)];
  return db
    .select()
    .from(serverReviews)
    .where(eq(serverReviews.serverName, filter.serverName))
    .orderBy(...order)
    .limit(filter.limit)
    .offset(filter.offset);
}

/** Count, mean rating and how many reviews gave each star value. */
export async function reviewSummary(db: Database, serverName: string) {
  const rows = await db
    .select({ rating: serverReviews.rating, n: count() })
    .from(serverReviews)
    .where(eq(serverReviews.serverName, serverName))
    .groupBy(serverReviews.rating);
  const distribution: Record<'1' | '2' | '3' | '4' | '5', number> = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  let total = 0;
  let sum = 0;
  for (const row of rows) {
    distribution[String(row.rating) as keyof typeof distribution] = row.n;
    total += row.n;
    sum += row.rating * row.n;
  }
  return { total, average: total ? Math.round((sum / total) * 100) / 100 : null, distribution };
}

/** Mean rating and count per server, for the featured list. */
export async function ratingsByServer(db: Database, names: string[]) {
  if (!names.length) return new Map<string, { average: number; count: number }>();
  const rows = await db
    .select({ server: serverReviews.serverName, average: avg(serverReviews.rating), n: count() })
    .from(serverReviews)
    .where(and(sql`${serverReviews.serverName} in ${names}`))
    .groupBy(serverReviews.serverName);
  return new Map(rows.map((r) => [r.server, { average: Math.round(Number(r.average) * 100) / 100, count: r.n }]));
}
