import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { ReembedInput, ReembedOutput } from '../contracts/retrieval.ts';

// A provider that answers 429 or 5xx, or not at all, is tried again with backoff (1 s, 2 s,
// 4 s … up to a minute; eight attempts, about two minutes in all); one that refuses the model
// or the key fails at once (EmbeddingRejected). Each failed attempt writes its error to the settings.
const { reembedUserSpace } = proxyActivities<Activities>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 8, nonRetryableErrorTypes: ['EmbeddingRejected'] },
});
const { activateUserSpace, recordReembedOutcome } = proxyActivities<Activities>({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 10 } });

const messageOf = (error: unknown): string => {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  return cause instanceof ApplicationFailure || cause instanceof Error ? cause.message : String(cause);
};

/**
 * POST /settings/embedding with a provider of its own: embed the user's tools into that
 * provider's vector space, then make it the space their retrieval uses. Until then (and for
 * good if it fails) retrieval keeps the previous space, whose vectors are untouched.
 */
export async function reembedWorkflow(input: ReembedInput): Promise<ReembedOutput> {
  let tools: number;
  try {
    tools = await reembedUserSpace(input);
  } catch (error) {
    await recordReembedOutcome({ ...input, error: messageOf(error) });
    throw error;
  }
  await activateUserSpace({ ...input, tools });
  return { userId: input.userId, tools };
}
