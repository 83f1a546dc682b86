import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { ReembedInput, ReembedOutput } from '../contracts/retrieval.ts';

const { reembedUserTools } = proxyActivities<Activities>({
  startToCloseTimeout: '30 minutes',
  retry: { maximumAttempts: 3, initialInterval: '2 seconds' },
});
const { recordReembedOutcome } = proxyActivities<Activities>({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 10 } });

/** POST /settings/embedding with a new provider: recompute the vectors of the user's own tools. */
export async function reembedWorkflow(input: ReembedInput): Promise<ReembedOutput> {
  try {
    const tools = await reembedUserTools({ userId: input.userId });
    await recordReembedOutcome({ userId: input.userId, tools });
    return { userId: input.userId, tools };
  } catch (error) {
    await recordReembedOutcome({ userId: input.userId, tools: 0, error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}
