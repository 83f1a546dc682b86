import type { Database } from '../../../db/client.ts';
import { listReviews, reviewSummary, upsertReview } from '../../../db/moderation/reviews.ts';
import { toReviewRecord } from './records.ts';
import { requireServer } from './servers.ts';

/** Creates (201) or replaces (200) the caller's one review of a server. */
export async function reviewServer(
  db: Database,
  userId: string,
  serverName: string,
  input: { rating: number; title?: string; text?: string },
) {
  await requireServer(db, serverName);
  const { review, created } = await upsertReview(db, {
    serverName,
    userId,
    rating: input.rating,
    title: input.title ?? '',
    text: input.text ?? '',
  });
  return { created, review: toReviewRecord(review) };
}

export async function listServerReviews(
  db: Database,
  serverName: string,
  query: { sort_by: 'recent' | 'rating'; limit: number; offset: number },
) {
  await requireServer(db, serverName);
  const [rows, summary] = await Promise.all([
    listReviews(db, { serverName, sortBy: query.sort_by, limit: query.limit, offset: query.offset }),
    reviewSummary(db, serverName),
  ]);
  return {
    server_name: serverName,
    reviews: rows.map(toReviewRecord),
    average_rating: summary.average,
    total: summary.total,
    rating_distribution: summary.distribution,
    sort_by: query.sort_by,
    pagination: { limit: query.limit, offset: query.offset, total: summary.total },
  };
}
