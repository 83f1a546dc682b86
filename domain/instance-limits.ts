/**
 * Warm server instances one user may hold in a worker, by plan (issue 35 item 3): past it the
 * user's least recently used idle instance is ended. Each costs a sandboxed process (18.4 MiB PSS
 * for a Node server: docs/decisions.md, "Running what we find"); the worker's total is capped
 * apart (MAX_WARM_INSTANCES). Plans are named here as strings: domain/ imports no db/.
 */
export const WARM_INSTANCES_PER_USER: Record<'free' | 'pro' | 'enterprise', number> = { free: 3, pro: 10, enterprise: 25 };
