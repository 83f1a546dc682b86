import { z } from 'zod';

/** How often the authorization server's expired and stale state is removed (issue 36). */
export const OAUTH_CLEANUP_INTERVAL = '1h';
export const oauthCleanupScheduleId = (taskQueue: string) => `oauth-cleanup:${taskQueue}`;

export const oauthCleanupInput = z.object({
  /** A dynamically registered client with no grant used (or made) for this many days is removed. */
  unusedClientDays: z.number().int().min(1).max(3650).default(30),
});
export type OAuthCleanupInput = z.input<typeof oauthCleanupInput>;

export const oauthCleanupOutput = z.object({ codes: z.number().int(), refreshTokens: z.number().int(), clients: z.number().int() });
export type OAuthCleanupOutput = z.infer<typeof oauthCleanupOutput>;
