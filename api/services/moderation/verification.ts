import type { Database } from '../../../db/client.ts';
import { ratingsByServer } from '../../../db/moderation/reviews.ts';
import { findVerification, listFeatured, listVerifications, saveVerification } from '../../../db/moderation/verification.ts';
import type { ServerVerificationRow } from '../../../db/schema/index.ts';
import { invalidRequest } from '../../errors.ts';
import type { Principal } from '../../route-config.ts';
import { unixSeconds } from '../../schemas.ts';
import { actorOf, toVerificationRecord } from './records.ts';
import { requireServer } from './servers.ts';

export async function getVerification(db: Database, serverName: string) {
  await requireServer(db, serverName);
  return toVerificationRecord(serverName, await findVerification(db, serverName));
}

/**
 * Admin update of status, featured and notes. Only a verified server may be featured; a
 * server that stops being verified stops being featured.
 */
export async function updateVerification(
  db: Database,
  principal: Principal | undefined,
  serverName: string,
  input: { status?: ServerVerificationRow['status']; featured?: boolean; notes?: string },
) {
  await requireServer(db, serverName);
  const current = await findVerification(db, serverName);
  const status = input.status ?? current?.status ?? 'unverified';
  if (input.featured === true && status !== 'verified') {
    throw invalidRequest(`Only a verified server can be featured (status would be ${status})`, 'featured', 'requires_verified');
  }
  const featured = status === 'verified' ? (input.featured ?? current?.featured ?? false) : false;
  const verifiedAt = status === 'verified' ? (current?.status === 'verified' ? current.verifiedAt : new Date()) : null;
  const row = await saveVerification(db, {
    serverName,
    status,
    featured,
    notes: input.notes ?? current?.notes ?? '',
    updatedBy: actorOf(principal),
    verifiedAt,
  });
  return toVerificationRecord(serverName, row);
}

export async function featuredServers(db: Database, limit: number) {
  const rows = await listFeatured(db, limit);
  const ratings = await ratingsByServer(db, rows.map((r) => r.name));
  const servers = rows.map((r) => ({
    name: r.name,
    display_name: r.displayName,
    description: r.description,
    category: r.category,
    icon: r.icon,
    url: r.url,
    verification_status: r.status,
    verified_at: r.verifiedAt ? unixSeconds(r.verifiedAt) : null,
    average_rating: ratings.get(r.name)?.average ?? null,
    review_count: ratings.get(r.name)?.count ?? 0,
  }));
  return { servers, total: servers.length };
}

/** The verification queue (GET /mcp-moderation/verifications): registry servers in one status. */
export async function verificationQueue(db: Database, query: { status: ServerVerificationRow['status']; limit: number; offset: number }) {
  const { rows, total } = await listVerifications(db, query);
  return {
    servers: rows.map((r) => toVerificationRecord(r.serverName, r.row ?? undefined)),
    pagination: { limit: query.limit, offset: query.offset, total },
  };
}
