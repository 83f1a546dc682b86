import { LaunchConfigSchema, REFERENCE_SERVER_NAMES, referenceServers } from '../mcp/index.ts';
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
 * The launch config the pool needs, or null when this server is not one we connect to.
 */
export function resolveLaunch(stored: unknown, dataDir: string): LaunchConfig | null {
  if (!stored || typeof stored !== 'object') return null;
  const type = (stored as { type?: unknown }).type;
  if (type === 'reference') {
    const name = (stored as { name?: unknown }).name;
    if (!REFERENCE_SERVER_NAMES.includes(name as ReferenceServerName)) return null;
    return LaunchConfigSchema.parse(referenceServers(dataDir)[name as ReferenceServerName]);
  }
  const parsed = LaunchConfigSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
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
