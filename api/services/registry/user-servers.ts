import { findVisibleServer, findVisibleServersByRef, listVisibleServers } from '../../../db/registry/servers.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import { listTools } from '../../../db/registry/tools.ts';
import { enabledPackIds, installServer, serverStates, setServerEnabled } from '../../../db/registry/user-state.ts';
import { findPack } from '../../../db/registry/packs.ts';
import type { ServerWithCount } from '../../../db/registry/servers.ts';
import type { User } from '../../../db/schema/index.ts';
import type { PublishInput } from '../../../platform/event-publisher.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { enablePackInTx } from './packs.ts';
import { installAhead } from './package-installs.ts';

/** GET /mcp_servers: every visible server with this user's enabled/installed state. */
export async function listUserServers(deps: AppDeps, user: User) {
  const [servers, states] = await Promise.all([listVisibleServers(deps.db, user.id), serverStates(deps.db, user.id)]);
  const items = servers.map((s) => ({
    name: shownServerName(s.name),
    display_name: s.displayName,
    description: s.description,
    url: s.url,
    enabled: states.get(s.name)?.enabled ?? false,
    installed: states.get(s.name)?.installed ?? false,
    tools_count: s.toolsCount,
    icon: s.icon,
    category: s.category,
  }));
  return { servers: items, total: items.length, enabled_count: items.filter((s) => s.enabled).length };
}

/** POST /mcp_servers/toggle: status activated/deactivated; tools_enabled is 0 once disabled. */
export async function toggleServer(deps: AppDeps, user: User, input: { server: string; enabled: boolean }) {
  const server = await findVisibleServer(deps.db, input.server, user.id);
  if (!server) throw notFound('SERVER_NOT_FOUND', `No MCP server named ${input.server}`);
  await setServerEnabled(deps.db, user.id, server.name, input.enabled);
  if (input.enabled) await installAhead(deps, server.launch);
  return {
    server: shownServerName(server.name),
    enabled: input.enabled,
    status: input.enabled ? ('activated' as const) : ('deactivated' as const),
    tools_enabled: input.enabled ? server.toolsCount : 0,
  };
}

/** GET /tools/installed: tools of the servers this user installed or enabled. */
export async function installedTools(deps: AppDeps, user: User) {
  const states = await serverStates(deps.db, user.id);
  const mine = [...states].filter(([, s]) => s.enabled || s.installed).map(([name]) => name);
  if (mine.length === 0) return { tools: [], total: 0 };
  const { rows } = await listTools(deps.db, user.id, { offset: 0 });
  const wanted = new Set(mine);
  const tools = rows
    .filter((t) => wanted.has(t.serverName))
    .map((t) => ({ name: t.name, server: shownServerName(t.serverName), description: t.description, enabled: states.get(t.serverName)?.enabled ?? false }));
  return { tools, total: tools.length };
}

/** POST /v2/track_installation: installs (and enables) the tool's server; server.installed on first install. */
export async function trackInstallation(deps: AppDeps, user: User, input: { tool_name: string; server: string; pack_id?: string }) {
  const server = await findVisibleServer(deps.db, input.server, user.id);
  if (!server) throw notFound('SERVER_NOT_FOUND', `No MCP server named ${input.server}`);
  const { total } = await listTools(deps.db, user.id, { server: server.name, name: input.tool_name, offset: 0, limit: 1 });
  if (total === 0) throw notFound('TOOL_NOT_FOUND', `Server ${input.server} has no tool named ${input.tool_name}`);
  if (input.pack_id && !(await findPack(deps.db, input.pack_id, user.id))) throw notFound('NOT_FOUND', `No pack with id ${input.pack_id}`);
  const newly = await installServer(deps.db, user.id, server.name);
  // Published after the write commits, so a delivered event never describes a rolled-back state.
  if (newly) await deps.events.publish(installedEvent(user, server));
  return {
    status: 'tracked' as const,
    tool_name: input.tool_name,
    server: shownServerName(server.name),
    pack_id: input.pack_id ?? null,
    installed: true as const,
    newly_installed: newly,
    tools_enabled: server.toolsCount,
  };
}

export async function userServerState(deps: AppDeps, user: User) {
  const [states, packs] = await Promise.all([serverStates(deps.db, user.id), enabledPackIds(deps.db, user.id)]);
  return {
    enabled_packs: [...packs].sort(),
    enabled_servers: [...states].filter(([, s]) => s.enabled).map(([name]) => shownServerName(name)).sort(),
    installed_servers: [...states].filter(([, s]) => s.installed).map(([name]) => shownServerName(name)).sort(),
  };
}

/**
 * POST /user-servers/servers: the client reports what it has installed. Additive: listed
 * servers become installed and enabled, listed packs enabled; nothing else is removed. All or
 * nothing: one unknown name and nothing is written.
 */
export async function syncUserServers(deps: AppDeps, user: User, input: { installed_servers: string[]; installed_packs: string[] }) {
  const resolved = await findVisibleServersByRef(deps.db, input.installed_servers, user.id);
  const missing = input.installed_servers.filter((_, i) => !resolved[i]);
  if (missing.length) throw new AppError('SERVER_NOT_FOUND', `Unknown MCP servers: ${missing.join(', ')}`, { servers: missing });
  const servers = [...new Map(resolved.flatMap((s) => (s ? [[s.name, s] as const] : []))).values()];
  const pending = await deps.db.transaction(async (tx) => {
    const events: PublishInput[] = [];
    for (const packId of input.installed_packs) {
      if (!(await findPack(tx, packId, user.id))) throw notFound('NOT_FOUND', `No pack with id ${packId}`);
    }
    for (const server of servers) {
      if (await installServer(tx, user.id, server.name)) events.push(installedEvent(user, server));
    }
    for (const packId of input.installed_packs) {
      const event = await enablePackInTx(tx, user, packId);
      if (event) events.push(event);
    }
    return events;
  });
  for (const event of pending) await deps.events.publish(event);
  return userServerState(deps, user);
}

function installedEvent(user: User, server: ServerWithCount): PublishInput {
  return {
    kind: 'server.installed',
    userId: user.id,
    data: { server_name: shownServerName(server.name), display_name: server.displayName, tools_enabled: server.toolsCount },
  };
}
