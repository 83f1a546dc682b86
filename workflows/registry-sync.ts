import { log, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { RegistrySyncInput, RegistrySyncOutput } from '../contracts/index.ts';
import { startReindex } from './registry-index.ts';
import { refreshServers } from './registry-refresh.ts';

/** The bundled catalog is ~1,500 tools written in one transaction; the upstream is paged HTTP. */
const registryWrites = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: { maximumAttempts: 3, initialInterval: '2 seconds', backoffCoefficient: 2 },
});

/**
 * The registry sync (POST /admin/mcp_registry/sync-to-database and a Temporal Schedule):
 * bundled catalog and reference servers, then the upstream registry when configured, then
 * tools/list on every server we connect to. Every step is an idempotent upsert, so a rerun
 * after a failure simply converges.
 */
export async function registrySyncWorkflow(input: RegistrySyncInput): Promise<RegistrySyncOutput> {
  const bundled = await registryWrites.syncBundledRegistry();
  let upstream = { count: 0, changedTools: 0, changedServers: [] as string[] };
  let upstreamFailed = false;
  if (input.upstreamUrl) {
    try {
      upstream = await registryWrites.syncUpstreamRegistry({ url: input.upstreamUrl });
    } catch (error) {
      // The bundled registry is still worth refreshing: report partial instead of failing it all.
      upstreamFailed = true;
      log.warn('upstream registry sync failed', { error: (error as Error).message });
    }
  }
  const servers = await registryWrites.listRunnableServers({});
  const refreshed = await refreshServers(servers);
  const toolsChanged = bundled.changedTools + upstream.changedTools + refreshed.reduce((n, r) => n + r.changedTools, 0);
  const reindexWorkflowId = await startReindex([
    ...bundled.changedServers,
    ...upstream.changedServers,
    ...refreshed.filter((r) => r.changedTools > 0).map((r) => r.server),
  ]);
  return {
    status: upstreamFailed || refreshed.some((r) => !r.ok) ? 'partial' : 'completed',
    synced_count: bundled.count + upstream.count,
    timestamp: new Date().toISOString(),
    catalog_count: bundled.count,
    upstream_count: upstream.count,
    refreshed,
    tools_changed: toolsChanged,
    ...(reindexWorkflowId ? { reindex_workflow_id: reindexWorkflowId } : {}),
  };
}
