import type { Database } from '../../../db/client.ts';
import { moderationCounts } from '../../../db/moderation/dashboard.ts';
import { FLAG_STATUSES, VERIFICATION_STATUSES } from '../../../db/schema/index.ts';

const zeroes = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/**
 * Counts for the moderation queue. Servers without a verification row count as
 * unverified, so the verification counts always add up to the number of registry servers.
 */
export async function moderationDashboard(db: Database) {
  const counts = await moderationCounts(db);
  const flags = zeroes(FLAG_STATUSES);
  for (const row of counts.flagRows) flags[row.status] = row.n;
  const verification = zeroes(VERIFICATION_STATUSES);
  let recorded = 0;
  for (const row of counts.verificationRows) {
    verification[row.status] = row.n;
    recorded += row.n;
  }
  verification.unverified += Math.max(0, counts.servers - recorded);
  const average = counts.review?.average;
  return {
    servers_total: counts.servers,
    flags: { ...flags, total: flags.open + flags.resolved + flags.dismissed },
    reviews: { total: counts.review?.n ?? 0, average_rating: average == null ? null : Math.round(Number(average) * 100) / 100 },
    verification,
    featured: counts.featured,
    most_flagged: counts.topFlagged.map((r) => ({ server_name: r.server, open_flags: r.n })),
    generated_at: new Date().toISOString(),
  };
}
