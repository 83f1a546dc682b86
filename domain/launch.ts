import { LaunchConfigSchema, PER_USER_REFERENCE_SERVERS, REFERENCE_SERVER_NAMES, referenceInstanceKey, referenceServerLaunch } from '../mcp/index.ts';
import type { LaunchConfig, ReferenceServerName } from '../mcp/index.ts';

/**
 * What mcp_servers.launch holds:
 * - `{type:'reference', name}`: one of the npm reference servers, resolved per worker because its
 *   path (node binary, node_modules, data dir) differs between machines;
 * - `{type:'catalog', ...}`: how a catalog or upstream package-only server is launched elsewhere
 *   (npx/uvx of a published package). We do not run those: the worker would download code, and
 *   most need credentials; their tools come from the catalog harvest;
 * - an mcp/ LaunchConfig (stdio, streamable-http, sse, http): admin entries, custom servers and
 *   upstream remotes, connected for real.
 *
 * The launch config the pool needs, or null when this server is not one we connect to. With
 * no user (tools/list, health checks, the admin acting as nobody) a reference server is the
 * operator's instance, which holds no user's data.
 */
export function resolveLaunch(stored: unknown, dataDir: string): LaunchConfig | null {
  return resolveRun('', stored, dataDir, null)?.launch ?? null;
}

/** Where a tool run goes in the worker's pool: the session key and its launch config. */
export interface RunLaunch {
  poolKey: string;
  launch: LaunchConfig;
}

/**
 * The pool key and launch config of a run of `server` for `userId`, or null when we do not
 * connect to it. memory and filesystem get an instance per user (mcp/reference-servers.ts,
 * issue 33 item 2), keyed `<name>@<user folder>`; everything else is keyed by `server`.
 */
export function resolveRun(server: string, stored: unknown, dataDir: string, userId: string | null): RunLaunch | null {
  if (!stored || typeof stored !== 'object') return null;
  const type = (stored as { type?: unknown }).type;
  if (type === 'reference') {
    const name = (stored as { name?: unknown }).name as ReferenceServerName;
    if (!REFERENCE_SERVER_NAMES.includes(name)) return null;
    const launch = LaunchConfigSchema.parse(referenceServerLaunch(dataDir, name, userId));
    const perUser = userId !== null && PER_USER_REFERENCE_SERVERS.includes(name);
    return { poolKey: perUser ? referenceInstanceKey(name, userId) : server, launch };
  }
  const parsed = LaunchConfigSchema.safeParse(stored);
  return parsed.success ? { poolKey: server, launch: parsed.data } : null;
}

/** True when the worker connects to this server (sync refreshes, health checks, execution). */
export function isRunnable(stored: unknown): boolean {
  const type = (stored as { type?: unknown } | null)?.type;
  return type === 'reference' || LaunchConfigSchema.safeParse(stored).success;
}

/**
 * True when the operator chose this server's target: an admin's registry entry, a reference
 * server, or an admin's own custom server. Every other HTTP server (a user's custom server, an
 * upstream registry remote, a catalog entry) is reached only at public addresses unless
 * ALLOW_PRIVATE_WEBHOOK_TARGETS is set, checked at connect time (mcp/outbound-guard.ts).
 */
export function operatorChosen(row: { source: string; ownerRole: string | null }): boolean {
  if (row.source === 'admin' || row.source === 'reference') return true;
  return row.source === 'custom' && row.ownerRole === 'admin';
}
