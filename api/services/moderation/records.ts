import { z } from 'zod';
import { FLAG_REASONS, FLAG_STATUSES, VERIFICATION_STATUSES } from '../../../db/schema/index.ts';
import type { ServerFlagRow, ServerReviewRow, ServerVerificationRow } from '../../../db/schema/index.ts';
import type { Principal } from '../../route-config.ts';
import { unixSeconds } from '../../schemas.ts';

const seconds = (d: Date | null) => (d ? unixSeconds(d) : null);

/** A flag as anyone may see it: the reporter stays anonymous on the public list. */
export const publicFlag = z.object({
  id: z.uuid(),
  server_name: z.string(),
  reason: z.enum(FLAG_REASONS),
  details: z.string(),
  status: z.enum(FLAG_STATUSES),
  resolution: z.string().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  resolved_at: z.number().int().nullable(),
});

/** The reporter's and the admin's view adds who reported and who resolved. */
export const flagRecord = publicFlag.extend({ reported_by: z.uuid(), resolved_by: z.string().nullable() });

export function toPublicFlag(row: ServerFlagRow): z.infer<typeof publicFlag> {
  return {
    id: row.id,
    server_name: row.serverName,
    reason: row.reason,
    details: row.details,
    status: row.status,
    resolution: row.resolution,
    created_at: unixSeconds(row.createdAt),
    updated_at: unixSeconds(row.updatedAt),
    resolved_at: seconds(row.resolvedAt),
  };
}

export function toFlagRecord(row: ServerFlagRow): z.infer<typeof flagRecord> {
  return { ...toPublicFlag(row), reported_by: row.userId, resolved_by: row.resolvedBy };
}

export const reviewRecord = z.object({
  id: z.uuid(),
  server_name: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  text: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});

export function toReviewRecord(row: ServerReviewRow): z.infer<typeof reviewRecord> {
  return {
    id: row.id,
    server_name: row.serverName,
    rating: row.rating,
    title: row.title,
    text: row.text,
    created_at: unixSeconds(row.createdAt),
    updated_at: unixSeconds(row.updatedAt),
  };
}

export const verificationRecord = z.object({
  server_name: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  featured: z.boolean(),
  notes: z.string(),
  verified_at: z.number().int().nullable(),
  updated_at: z.number().int().nullable(),
});

export function toVerificationRecord(serverName: string, row: ServerVerificationRow | undefined): z.infer<typeof verificationRecord> {
  return {
    server_name: serverName,
    status: row?.status ?? 'unverified',
    featured: row?.featured ?? false,
    notes: row?.notes ?? '',
    verified_at: seconds(row?.verifiedAt ?? null),
    updated_at: seconds(row?.updatedAt ?? null),
  };
}

/** Who did an admin action: the user id, or "admin-key" for the operator key (it has no identity). */
export function actorOf(principal: Principal | undefined): string {
  return principal?.kind === 'user' ? principal.user.id : 'admin-key';
}
