import { findPack, serversOfPacks } from '../../../db/registry/packs.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import { findVisibleServersByRef } from '../../../db/registry/servers.ts';
import { toolsOfServers } from '../../../db/registry/tools.ts';
import { serverStates } from '../../../db/registry/user-state.ts';
import type { ServerState } from '../../../db/registry/user-state.ts';
import type { User } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../context.ts';
import { notFound } from '../../errors.ts';

/** One tool of a tool set: the name its server is shown under, and the tool as the registry holds it. */
export interface ToolSetEntry {
  server: string;
  /** The server's internal key (a custom server shows another name): availability is judged on it. */
  serverKey: string;
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown> | null;
}

/**
 * A server the user switched off is left out: running its tools is refused ("on a server you
 * disabled", services/execution/resolve-tool.ts), so listing them would offer calls that fail.
 */
const switchedOff = (states: Map<string, ServerState>, key: string) => states.get(key)?.enabled === false;

async function toolsOf(deps: AppDeps, keys: string[]): Promise<ToolSetEntry[]> {
  const rows = await toolsOfServers(deps.db, keys);
  const order = new Map(keys.map((key, i) => [key, i]));
  return rows
    .sort((a, b) => (order.get(a.serverName) ?? 0) - (order.get(b.serverName) ?? 0))
    .map((t) => ({
      server: shownServerName(t.serverName),
      serverKey: t.serverName,
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema,
      outputSchema: t.outputSchema,
    }));
}

/**
 * The tools a pack offers this user, in the pack's server order: a curated pack or the user's
 * own custom pack (the rule of GET /packs/{id}: anything else is 404 NOT_FOUND).
 */
export async function packToolSet(deps: AppDeps, user: User, packId: string): Promise<ToolSetEntry[]> {
  const pack = await findPack(deps.db, packId, user.id);
  if (!pack) throw notFound('NOT_FOUND', `No pack with id ${packId}`);
  const [servers, states] = await Promise.all([serversOfPacks(deps.db, [pack.id]), serverStates(deps.db, user.id)]);
  const keys = (servers.get(pack.id) ?? []).map((s) => s.name).filter((key) => !switchedOff(states, key));
  return toolsOf(deps, keys);
}

/** The tools of every server this user has enabled (GET /user-servers/servers' enabled_servers), by server name. */
export async function enabledToolSet(deps: AppDeps, user: User): Promise<ToolSetEntry[]> {
  const states = await serverStates(deps.db, user.id);
  const enabled = [...states].filter(([, s]) => s.enabled).map(([key]) => key);
  // Only servers the user may still see (a custom server deleted or a public one made private drops out).
  const visible = await findVisibleServersByRef(deps.db, enabled.map(shownServerName), user.id);
  const keys = visible.flatMap((s) => (s && enabled.includes(s.name) ? [s.name] : [])).sort();
  return toolsOf(deps, keys);
}
