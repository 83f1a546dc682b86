import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { reindexServers } from './registry-index.ts';
import { serverRefreshResult } from '../contracts/index.ts';
import type { ServerRefreshInput, ServerRefreshOutput, ServerRefreshResult } from '../contracts/index.ts';

/** tools/list can take a while for a server launched cold (npm package start-up). */
const mcpReads = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { maximumAttempts: 3, initialInterval: '1 second', backoffCoefficient: 2 },
});

/** How many servers are refreshed at once: each may be a child process on the worker. */
const PARALLEL = 6;

/**
 * Refreshes servers' tools, a few at a time; failures come back as results, not exceptions.
 * Each result is parsed with its contract: `ok` and `changedTools` decide what is re-indexed.
 */
export async function refreshServers(servers: string[], asUser?: string): Promise<ServerRefreshResult[]> {
  const results: ServerRefreshResult[] = [];
  for (let i = 0; i < servers.length; i += PARALLEL) {
    const batch = servers.slice(i, i + PARALLEL);
    const refresh = async (server: string) => serverRefreshResult.parse(await mcpReads.refreshServerTools(asUser === undefined ? { server } : { server, asUser }));
    results.push(...(await Promise.all(batch.map(refresh))));
  }
  return results;
}

/** Per-user sync (POST /user-servers/sync-trigger) or a refresh of named servers (custom server created). */
export async function serverRefreshWorkflow(input: ServerRefreshInput): Promise<ServerRefreshOutput> {
  const servers = await mcpReads.listRunnableServers({ userId: input.userId, servers: input.servers });
  const refreshed = await refreshServers(servers, input.asUser);
  await reindexServers(refreshed.filter((r) => r.changedTools > 0).map((r) => r.server));
  return {
    status: refreshed.every((r) => r.ok) ? 'completed' : 'partial',
    synced_count: refreshed.filter((r) => r.ok).length,
    timestamp: new Date().toISOString(),
    refreshed,
  };
}
