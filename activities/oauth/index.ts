import type { Database } from '../../db/client.ts';
import { removeStaleOAuthState } from '../../db/oauth/cleanup.ts';
import type { Logger } from '../../platform/logger.ts';

const DAY_MS = 86_400_000;

/** The authorization server's periodic cleanup (workflows/oauth-cleanup.ts). */
export function createOAuthActivities(deps: { db: Database; logger: Logger }) {
  return {
    /** Deletes by age only: running it twice removes nothing more. */
    async removeStaleOAuthState(input: { unusedClientDays: number }) {
      const now = new Date();
      const removed = await removeStaleOAuthState(deps.db, now, new Date(now.getTime() - input.unusedClientDays * DAY_MS));
      deps.logger.info(removed, 'stale oauth state removed');
      return removed;
    },
  };
}
