import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { indexBatchChunkOutput } from '../contracts/retrieval.ts';
import type { IndexToolsInput, IndexToolsOutput } from '../contracts/retrieval.ts';

// Each chunk embeds ~256 tools; retries cover a backend hiccup (Elasticsearch restart).
const { indexToolBatchChunk } = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: { maximumAttempts: 5, initialInterval: '1 second', backoffCoefficient: 2 },
});
const { failBatchRemainder } = proxyActivities<Activities>({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 10 } });

/**
 * POST /v2/index_tools: embeds and indexes a staged batch chunk by chunk until none is pending.
 * When a chunk keeps failing, what is left is marked failed with the reason, so the caller's
 * counts always add up.
 */
export async function indexToolsWorkflow(input: IndexToolsInput): Promise<IndexToolsOutput> {
  let indexed = 0;
  let failed = 0;
  try {
    for (;;) {
      // Parsed with its contract: `remaining` decides whether the loop goes on.
      const chunk = indexBatchChunkOutput.parse(await indexToolBatchChunk({ batchId: input.batchId }));
      indexed += chunk.indexed;
      failed += chunk.failed;
      if (!chunk.remaining) break;
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    failed += await failBatchRemainder({ batchId: input.batchId, reason: `indexing failed: ${reason}` });
  }
  return { batchId: input.batchId, indexed, failed };
}
