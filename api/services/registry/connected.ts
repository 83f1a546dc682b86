import { isHealthChecked } from '../../../domain/launch.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import { listVisibleServers } from '../../../db/registry/servers.ts';
import type { AppDeps } from '../../context.ts';

/**
 * GET /v1/servers: the servers this service connects to (reference servers, admin entries with
 * a launch config, upstream remotes, the caller's custom servers) with the status the scheduled
 * health check stored. Catalog-only entries are not connected, so they are not listed; a server
 * not checked yet reads disconnected with last_checked null.
 */
export async function listConnectedServers(deps: AppDeps, userId: string | null) {
  const servers = (await listVisibleServers(deps.db, userId)).filter((s) => isHealthChecked(s.launch));
  return {
    servers: servers.map((s) => ({
      name: shownServerName(s.name),
      status: s.status === 'unknown' ? ('disconnected' as const) : s.status,
      tool_count: s.toolsCount,
      last_checked: s.lastChecked ? s.lastChecked.toISOString() : null,
      ...(s.lastError && s.status !== 'connected' ? { error: s.lastError } : {}),
    })),
  };
}
