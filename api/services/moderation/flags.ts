import type { Database } from '../../../db/client.ts';
import { findFlag, insertFlag, listFlags, updateFlag } from '../../../db/moderation/flags.ts';
import type { ServerFlagRow } from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Principal } from '../../route-config.ts';
import { actorOf, toFlagRecord, toPublicFlag } from './records.ts';
import { requireServer } from './servers.ts';

/** drizzle wraps the driver's error; the Postgres code sits on it or on its cause. */
const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/** POST flags: one open flag per user and server (409 CONFLICT for a second one). */
export async function flagServer(
  db: Database,
  userId: string,
  serverName: string,
  input: { reason: ServerFlagRow['reason']; details?: string },
) {
  await requireServer(db, serverName);
  const row = await insertFlag(db, { serverName, userId, reason: input.reason, details: input.details ?? '' });
  if (!row) throw new AppError('CONFLICT', `You already have an open flag on ${serverName}`, { server_name: serverName });
  return toFlagRecord(row);
}

export async function listServerFlags(
  db: Database,
  serverName: string,
  query: { status: ServerFlagRow['status'] | 'all'; limit: number; offset: number },
) {
  await requireServer(db, serverName);
  const status = query.status === 'all' ? undefined : query.status;
  const { rows, total } = await listFlags(db, { serverName, status, limit: query.limit, offset: query.offset });
  return {
    server_name: serverName,
    flags: rows.map(toPublicFlag),
    pagination: { limit: query.limit, offset: query.offset, total },
  };
}

/** The admin's queue: every server's flags with their reporter, newest first (GET /mcp-moderation/flags). */
export async function listAllFlags(db: Database, query: { status: ServerFlagRow['status'] | 'all'; limit: number; offset: number }) {
  const status = query.status === 'all' ? undefined : query.status;
  const { rows, total } = await listFlags(db, { status, limit: query.limit, offset: query.offset });
  return { flags: rows.map(toFlagRecord), pagination: { limit: query.limit, offset: query.offset, total } };
}

/** PATCH a flag: resolve or dismiss it (with an optional resolution note), or reopen it. */
export async function moderateFlag(
  db: Database,
  principal: Principal | undefined,
  flagId: string,
  input: { status: ServerFlagRow['status']; resolution?: string },
) {
  const existing = await findFlag(db, flagId);
  if (!existing) throw notFound('NOT_FOUND', `Flag ${flagId} not found`);
  const closing = input.status !== 'open';
  try {
    const row = await updateFlag(db, flagId, {
      status: input.status,
      resolution: closing ? (input.resolution ?? null) : null,
      resolvedBy: closing ? actorOf(principal) : null,
      resolvedAt: closing ? new Date() : null,
    });
    if (!row) throw notFound('NOT_FOUND', `Flag ${flagId} not found`);
    return toFlagRecord(row);
  } catch (error) {
    // Reopening collides when the reporter has since filed a new open flag on the same server.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'The reporter already has another open flag on this server');
    throw error;
  }
}
