import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { HARVEST_ATTEMPTS } from '../contracts/index.ts';
import type { ServerRefreshResult, ToolHarvestInput, ToolHarvestOutput } from '../contracts/index.ts';
import { reindexServers } from './registry-index.ts';

const reads = proxyActivities<Activities>({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 3 } });
/** An install, a cold start in the sandbox and a listing; retried (the last try reports instead of throwing). */
const harvests = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: { maximumAttempts: HARVEST_ATTEMPTS, initialInterval: '5 seconds', backoffCoefficient: 3 },
});

/** Harvests at once: each is a package install and a sandboxed process on the worker. */
const CONCURRENCY = 2;

/**
 * The tool harvest (issue 38, item 2): every imported package entry with no tools is started
 * in the sandbox and listed, CONCURRENCY at a time; the servers whose tools changed are indexed,
 * so retrieval ranks them. Started by the registry sync after an import; safe to rerun (a server
 * tried once is not tried again).
 */
export async function toolHarvestWorkflow(input: ToolHarvestInput): Promise<ToolHarvestOutput> {
  const queue = await reads.listHarvestTargets({ limit: input.limit ?? 500 });
  const results: ServerRefreshResult[] = [];
  const lane = async () => {
    for (let server = queue.shift(); server !== undefined; server = queue.shift()) results.push(await harvests.harvestServerTools({ server }));
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, lane));
  results.sort((a, b) => a.server.localeCompare(b.server));
  await reindexServers(results.filter((r) => r.changedTools > 0).map((r) => r.server));
  return { harvested: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length, results };
}
