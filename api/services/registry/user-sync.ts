import { WorkflowNotFoundError } from '@temporalio/client';
import type { ServerRefreshOutput } from '../../../contracts/index.ts';
import type { User } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { serverRefreshHandle, startServerRefresh } from './sync.ts';

/**
 * How long `POST /user-servers/sync-trigger` waits for the refresh before answering 202 with
 * the sync's id: a reachable server's tools/list is done by then; an unreachable one held the
 * request for ~20 s (issue 20) and now only holds the workflow.
 */
export const SYNC_TRIGGER_WAIT_MS = 2_000;

/** The spec's sync answer (status, synced_count, timestamp, servers) plus the sync's id. */
export interface UserSyncView {
  sync_id: string;
  status: 'running' | 'completed' | 'partial' | 'failed';
  synced_count: number;
  timestamp: string;
  servers: { name: string; ok: boolean; tool_count: number; error?: string }[];
}

function finished(syncId: string, result: ServerRefreshOutput): UserSyncView {
  return {
    sync_id: syncId,
    status: result.status,
    synced_count: result.synced_count,
    timestamp: result.timestamp,
    servers: result.refreshed.map((r) => ({ name: r.server, ok: r.ok, tool_count: r.toolCount, ...(r.error ? { error: r.error } : {}) })),
  };
}

const running = (syncId: string, startedAt: Date): UserSyncView => ({ sync_id: syncId, status: 'running', synced_count: 0, timestamp: startedAt.toISOString(), servers: [] });

/**
 * POST /user-servers/sync-trigger: starts the refresh of this user's servers over MCP and
 * waits at most SYNC_TRIGGER_WAIT_MS; the result is then read with `userSyncResult`.
 */
export async function triggerUserSync(deps: AppDeps, user: User): Promise<UserSyncView> {
  const { syncId, handle } = await startServerRefresh(deps.temporal, user.id);
  const startedAt = new Date();
  try {
    return finished(syncId, await deps.temporal.client.withDeadline(Date.now() + SYNC_TRIGGER_WAIT_MS, () => handle.result()));
  } catch (error) {
    // The deadline cut the long poll, or the run failed: what Temporal records says which.
    // It may also have completed between the deadline and this look.
    const { status } = await handle.describe();
    if (status.name === 'RUNNING') return running(syncId, startedAt);
    if (status.name === 'COMPLETED') return finished(syncId, await handle.result());
    throw error;
  }
}

/** GET /user-servers/sync-trigger/{sync_id}: a sync of this user's, running or finished. */
export async function userSyncResult(deps: AppDeps, user: User, syncId: string): Promise<UserSyncView> {
  const handle = serverRefreshHandle(deps.temporal, user.id, syncId);
  let description;
  try {
    description = await handle.describe();
  } catch (error) {
    // Another user's sync id names no workflow of this user: the same 404 as an unknown one.
    if (error instanceof WorkflowNotFoundError) throw notFound('NOT_FOUND', `No sync with id ${syncId}`);
    throw error;
  }
  if (description.status.name === 'RUNNING') return running(syncId, description.startTime);
  if (description.status.name === 'COMPLETED') return finished(syncId, await handle.result());
  return { sync_id: syncId, status: 'failed', synced_count: 0, timestamp: (description.closeTime ?? description.startTime).toISOString(), servers: [] };
}
