import { ParentClosePolicy, proxyActivities, startChild, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { RegistryReindexInput } from '../contracts/index.ts';

/** Embedding a few thousand tools takes a while on two cores; the activity is idempotent. */
const indexing = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  retry: { maximumAttempts: 3, initialInterval: '2 seconds', backoffCoefficient: 2 },
});

/** The search index hook (activities/retrieval): re-index the servers whose tools changed. */
export async function reindexServers(servers: string[]): Promise<void> {
  const unique = [...new Set(servers)].sort();
  if (unique.length > 0) await indexing.indexTools({ servers: unique });
}

/**
 * Starts re-indexing the servers whose tools changed as a workflow of its own and returns its
 * id without waiting: embedding a whole catalog takes minutes, the registry is already written,
 * and the index follows (it is derived data). Abandoned, so it outlives the caller.
 */
export async function startReindex(servers: string[]): Promise<string | undefined> {
  const unique = [...new Set(servers)].sort();
  if (unique.length === 0) return undefined;
  const { workflowId, runId } = workflowInfo();
  const childId = `${workflowId}:reindex:${runId}`;
  await startChild(registryReindexWorkflow, {
    workflowId: childId,
    args: [{ servers: unique, removed: false }],
    parentClosePolicy: ParentClosePolicy.ABANDON,
  });
  return childId;
}

/**
 * Servers per indexing activity: progress shows in the history and a cancel stops between
 * batches. 40 (~1,100 catalog tools) keeps a first boot's catalog to 8 activities, whose
 * vectors mostly come precomputed (search/embedding/vector-file.ts); 10 made it 31.
 */
const BATCH = 40;

/** Re-indexes (or removes) servers' tools in the search index: after a sync or an admin change. */
export async function registryReindexWorkflow(input: RegistryReindexInput): Promise<{ indexed: number; removed: number }> {
  if (input.removed) return indexing.removeTools({ servers: input.servers });
  const total = { indexed: 0, removed: 0 };
  for (let i = 0; i < input.servers.length; i += BATCH) {
    const part = await indexing.indexTools({ servers: input.servers.slice(i, i + BATCH) });
    total.indexed += part.indexed;
    total.removed += part.removed;
  }
  return total;
}
