import { randomUUID } from 'node:crypto';
import { REGISTRY_REINDEX_WORKFLOW, REGISTRY_SYNC_WORKFLOW, SERVER_REFRESH_WORKFLOW, workflowArgs } from '../../../contracts/index.ts';
import type { RegistrySyncInput, RegistrySyncOutput, ServerRefreshInput, ServerRefreshOutput } from '../../../contracts/index.ts';
import type { AppDeps } from '../../context.ts';
import { recordAudit } from '../trust/record.ts';
import type { AuditContext } from '../trust/record.ts';

type Temporal = AppDeps['temporal'];
/** The workflows' signatures from their contracts: api/ never imports workflows/, not even for types. */
type RegistrySync = (input: RegistrySyncInput) => Promise<RegistrySyncOutput>;
type ServerRefresh = (input: ServerRefreshInput) => Promise<ServerRefreshOutput>;

/**
 * Runs the registry sync workflow and waits for it. One sync at a time per deployment: a second
 * request while one runs attaches to it (same workflow id, USE_EXISTING) instead of racing it.
 */
export async function runRegistrySync(temporal: Temporal, input: { upstreamUrl?: string; requestedBy: string }): Promise<RegistrySyncOutput> {
  return temporal.client.workflow.execute<RegistrySync>(REGISTRY_SYNC_WORKFLOW, {
    taskQueue: temporal.taskQueue,
    workflowId: `registry-sync:${temporal.taskQueue}`,
    workflowIdConflictPolicy: 'USE_EXISTING',
    args: workflowArgs(REGISTRY_SYNC_WORKFLOW, input),
  });
}

/** An admin's sync (POST /admin/mcp_registry/sync-to-database): the sync, then its audit row (what it read and wrote, counts only). */
export async function runAdminRegistrySync(deps: Pick<AppDeps, 'db' | 'temporal'>, input: { upstreamUrl?: string }, audit: AuditContext): Promise<RegistrySyncOutput> {
  const result = await runRegistrySync(deps.temporal, { upstreamUrl: input.upstreamUrl, requestedBy: 'admin' });
  await recordAudit(deps, audit, {
    action: 'registry.sync',
    target: input.upstreamUrl ? new URL(input.upstreamUrl).host : 'bundled',
    details: { status: result.status, synced_count: result.synced_count, tools_changed: result.tools_changed },
  });
  return result;
}

/** Refreshes the tools of a user's servers (or of the named servers) over MCP and waits. */
export async function runServerRefresh(temporal: Temporal, input: { userId?: string; servers?: string[] }): Promise<ServerRefreshOutput> {
  return temporal.client.workflow.execute<ServerRefresh>(SERVER_REFRESH_WORKFLOW, {
    taskQueue: temporal.taskQueue,
    workflowId: `server-refresh:${input.userId ?? 'servers'}:${randomUUID()}`,
    args: workflowArgs(SERVER_REFRESH_WORKFLOW, input),
  });
}

/**
 * Refreshes the named servers and waits at most `waitMs` for it: a launch config that never
 * answers holds the workflow for its connect time-out (20 s), not the caller's request. True
 * when the refresh finished in time; it runs on otherwise.
 */
export async function refreshServersWithin(temporal: Temporal, servers: string[], waitMs: number, asUser?: string): Promise<boolean> {
  const handle = await temporal.client.workflow.start<ServerRefresh>(SERVER_REFRESH_WORKFLOW, {
    taskQueue: temporal.taskQueue,
    workflowId: `server-refresh:servers:${randomUUID()}`,
    args: workflowArgs(SERVER_REFRESH_WORKFLOW, asUser ? { servers, asUser } : { servers }),
  });
  try {
    await temporal.client.withDeadline(Date.now() + waitMs, () => handle.result());
    return true;
  } catch (error) {
    // The deadline cut the long poll, or the run failed: what Temporal records says which. It
    // may also have completed between the deadline and this look (seen in the contract run).
    const { status } = await handle.describe();
    if (status.name === 'RUNNING') return false;
    if (status.name === 'COMPLETED') return true;
    throw error;
  }
}

/**
 * Starts a refresh of a user's servers without waiting (POST /user-servers/sync-trigger). The
 * workflow id holds the user, so a sync id is only ever found under its owner.
 */
export async function startServerRefresh(temporal: Temporal, userId: string) {
  const syncId = randomUUID();
  const handle = await temporal.client.workflow.start<ServerRefresh>(SERVER_REFRESH_WORKFLOW, {
    taskQueue: temporal.taskQueue,
    workflowId: userSyncWorkflowId(userId, syncId),
    args: workflowArgs(SERVER_REFRESH_WORKFLOW, { userId }),
  });
  return { syncId, handle };
}

export function serverRefreshHandle(temporal: Temporal, userId: string, syncId: string) {
  return temporal.client.workflow.getHandle<ServerRefresh>(userSyncWorkflowId(userId, syncId));
}

const userSyncWorkflowId = (userId: string, syncId: string) => `server-refresh:${userId}:${syncId}`;

/** Brings the search index in step with an admin edit (re-index) or delete (remove) and waits. */
export async function runReindex(temporal: Temporal, servers: string[], removed: boolean): Promise<void> {
  await temporal.client.workflow.execute(REGISTRY_REINDEX_WORKFLOW, {
    taskQueue: temporal.taskQueue,
    workflowId: `registry-reindex:${servers.join(',').slice(0, 100)}:${randomUUID()}`,
    args: workflowArgs(REGISTRY_REINDEX_WORKFLOW, { servers, removed }),
  });
}
