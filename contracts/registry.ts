import { z } from 'zod';

/** How often the Temporal Schedules run the registry sync and the server health checks. */
export const REGISTRY_SYNC_INTERVAL = '6h';
export const SERVER_HEALTH_INTERVAL = '5m';

/** Schedule ids are per task queue so that deployments sharing one Temporal cluster never collide. */
export const registrySyncScheduleId = (taskQueue: string) => `registry-sync:${taskQueue}`;
export const serverHealthScheduleId = (taskQueue: string) => `server-health:${taskQueue}`;

/** Outcome of refreshing one server's tools over MCP (tools/list). */
export const serverRefreshResult = z.object({
  server: z.string(),
  ok: z.boolean(),
  toolCount: z.number().int(),
  /** Tools added, removed or changed: what the search index must pick up. */
  changedTools: z.number().int(),
  error: z.string().optional(),
});
export type ServerRefreshResult = z.infer<typeof serverRefreshResult>;

export const registrySyncInput = z.object({
  /** Official MCP Registry endpoint (e.g. https://registry.modelcontextprotocol.io/v0.1/servers). */
  upstreamUrl: z.url().optional(),
  requestedBy: z.string(),
});
export type RegistrySyncInput = z.infer<typeof registrySyncInput>;

export const registrySyncOutput = z.object({
  /** completed, or partial when some runnable servers could not be refreshed. */
  status: z.enum(['completed', 'partial']),
  synced_count: z.number().int(),
  timestamp: z.string(),
  catalog_count: z.number().int(),
  upstream_count: z.number().int(),
  /** Upstream documents not taken, and why (the first 100). */
  upstream_skipped: z.number().int(),
  upstream_skipped_reasons: z.array(z.object({ name: z.string(), reason: z.string() })),
  refreshed: z.array(serverRefreshResult),
  tools_changed: z.number().int(),
  /** The search re-index started for the changed servers (it runs on after the sync returns). */
  reindex_workflow_id: z.string().optional(),
  /** The tool harvest started for imported servers with no tools (it runs on after the sync returns). */
  harvest_workflow_id: z.string().optional(),
});
export type RegistrySyncOutput = z.infer<typeof registrySyncOutput>;

/** Refresh of the runnable servers one user has enabled or installed (or the named ones). */
export const serverRefreshInput = z.object({
  userId: z.string().optional(),
  servers: z.array(z.string()).optional(),
  /** List through this user's instance: an OAuth server lists only with a user's token (issue 36). */
  asUser: z.string().optional(),
});
export type ServerRefreshInput = z.infer<typeof serverRefreshInput>;

export const serverRefreshOutput = z.object({
  status: z.enum(['completed', 'partial']),
  synced_count: z.number().int(),
  timestamp: z.string(),
  refreshed: z.array(serverRefreshResult),
});
export type ServerRefreshOutput = z.infer<typeof serverRefreshOutput>;

export const serverHealthInput = z.object({
  /** Only these servers; all runnable servers when absent. */
  servers: z.array(z.string()).optional(),
  timeoutMs: z.number().int().positive().default(10_000),
});
export type ServerHealthInput = z.input<typeof serverHealthInput>;

export const serverHealthResult = z.object({
  server: z.string(),
  status: z.enum(['connected', 'disconnected', 'error']),
  toolCount: z.number().int(),
  checkedAt: z.string(),
  error: z.string().optional(),
});
export type ServerHealthResult = z.infer<typeof serverHealthResult>;

export const serverHealthOutput = z.object({ checked: z.number().int(), results: z.array(serverHealthResult) });
export type ServerHealthOutput = z.infer<typeof serverHealthOutput>;

/** Search index upkeep after an API-side change: index the servers' tools, or drop them (deleted). */
export const registryReindexInput = z.object({ servers: z.array(z.string()).min(1), removed: z.boolean().default(false) });
export type RegistryReindexInput = z.infer<typeof registryReindexInput>;

/** Tries of one server's harvest: the last one reports the failure instead of throwing it. */
export const HARVEST_ATTEMPTS = 3;

export const toolHarvestInput = z.object({
  /** At most this many servers in one run (the next sync's harvest takes the rest). */
  limit: z.number().int().min(1).max(10_000).default(500),
});
export type ToolHarvestInput = z.input<typeof toolHarvestInput>;

export const toolHarvestOutput = z.object({
  harvested: z.number().int(),
  failed: z.number().int(),
  results: z.array(serverRefreshResult),
});
export type ToolHarvestOutput = z.infer<typeof toolHarvestOutput>;
