import type { Plan } from '../../../db/schema/index.ts';

/**
 * Open job streams per user (decisions.md, "Job streams"), counted across API replicas. A stream
 * costs the service almost nothing while its job is quiet, so the cap bounds connections and
 * file descriptors rather than database work: free 10 (issue 20), pro 50, enterprise 500
 * (the spec's "custom"; an operator raises it here).
 */
export const JOB_STREAM_LIMITS: Record<Plan, number> = { free: 10, pro: 50, enterprise: 500 };

/** retry_after of the 429: a slot frees as soon as one of the user's streams closes. */
export const STREAM_RETRY_AFTER_SECONDS = 5;
