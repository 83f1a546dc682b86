import { ParentClosePolicy, log, patched, proxyActivities, startChild, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { RegistrySyncInput, RegistrySyncOutput } from '../contracts/index.ts';
import { reindexServers, startReindex } from './registry-index.ts';
import { refreshServers } from './registry-refresh.ts';
import { toolHarvestWorkflow } from './tool-harvest.ts';

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
  let upstream = { count: 0, skipped: 0, skippedReasons: [] as { name: string; reason: string }[], changedTools: 0, changedServers: [] as string[] };
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
  // Catalog tools are indexed while the servers we connect to start and list theirs (seconds
  // of process start-up): a first boot is ready sooner. The servers refreshed here are indexed
  // before this workflow returns, so the returned reindex id still covers everything pending.
  const early = patched('reindex-catalog-before-refresh');
  const reindexWorkflowId = early ? await startReindex([...bundled.changedServers, ...upstream.changedServers]) : undefined;
  const servers = await registryWrites.listRunnableServers({});
  const refreshed = await refreshServers(servers);
  const toolsChanged = bundled.changedTools + upstream.changedTools + refreshed.reduce((n, r) => n + r.changedTools, 0);
  const changedByRefresh = refreshed.filter((r) => r.changedTools > 0).map((r) => r.server);
  let lateReindexId: string | undefined;
  let indexFailed = false;
  if (early) {
    try {
      await reindexServers(changedByRefresh);
    } catch (error) {
      // The registry is written and the sync reports partial; the index is derived data (`npm run index:rebuild`).
      indexFailed = true;
      log.warn('indexing the refreshed servers failed', { error: (error as Error).message });
    }
  } else {
    lateReindexId = await startReindex([...bundled.changedServers, ...upstream.changedServers, ...changedByRefresh]);
  }
  // Imported packages come without tools: the harvest lists them from a sandboxed instance, on its own time.
  let harvestWorkflowId: string | undefined;
  if (upstream.count > 0 && patched('harvest-imported-tools')) {
    const { workflowId, runId } = workflowInfo();
    harvestWorkflowId = `${workflowId}:harvest:${runId}`;
    await startChild(toolHarvestWorkflow, { workflowId: harvestWorkflowId, args: [{}], parentClosePolicy: ParentClosePolicy.ABANDON });
  }
  return {
    status: upstreamFailed || indexFailed || refreshed.some((r) => !r.ok) ? 'partial' : 'completed',
    synced_count: bundled.count + upstream.count,
    timestamp: new Date().toISOString(),
    catalog_count: bundled.count,
    upstream_count: upstream.count,
    upstream_skipped: upstream.skipped,
    upstream_skipped_reasons: upstream.skippedReasons,
    refreshed,
    tools_changed: toolsChanged,
    ...((reindexWorkflowId ?? lateReindexId) ? { reindex_workflow_id: reindexWorkflowId ?? lateReindexId } : {}),
    ...(harvestWorkflowId ? { harvest_workflow_id: harvestWorkflowId } : {}),
  };
}
