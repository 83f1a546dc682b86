import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { OAuthCleanupInput, OAuthCleanupOutput } from '../contracts/index.ts';

/** Three deletes by age: idempotent, so a retry after a worker restart repeats nothing harmful. */
const store = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { maximumAttempts: 3, initialInterval: '5 seconds' },
});

/** Removes the authorization server's expired codes, dead refresh tokens and clients nobody uses. Scheduled (OAUTH_CLEANUP_INTERVAL). */
export async function oauthCleanupWorkflow(input: OAuthCleanupInput): Promise<OAuthCleanupOutput> {
  return store.removeStaleOAuthState({ unusedClientDays: input.unusedClientDays ?? 30 });
}
