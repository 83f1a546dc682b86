import { shownServerName } from '../../../db/registry/server-keys.ts';
import { listVisibleServers } from '../../../db/registry/servers.ts';
import { listTools } from '../../../db/registry/tools.ts';
import { setServerEnabled } from '../../../db/registry/user-state.ts';
import { SERVER_CATEGORIES } from '../../../db/schema/index.ts';
import type { User } from '../../../db/schema/index.ts';
import { CAPABILITIES, toolCapabilities } from '../../../search/capabilities.ts';
import type { AppDeps } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { findVisibleServer } from '../../../db/registry/servers.ts';

/**
 * Two meanings of "capability" exist in the spec (docs/registry.md): GET /capabilities and
 * /tools/capabilities list the action capabilities retrieval detects (search, read, create...),
 * with the tools that perform each; /v2/capabilities, POST /capabilities/enable and packs
 * treat a server as a capability, because enabling is per server.
 */
async function toolsByCapability(deps: AppDeps, userId: string | null) {
  const { rows } = await listTools(deps.db, userId, { offset: 0 });
  const byCap = new Map<string, { name: string; server: string }[]>(CAPABILITIES.map((c) => [c.id, []]));
  for (const tool of rows) {
    const doc = { id: `${tool.serverName}/${tool.name}`, server: tool.serverName, name: tool.name, description: tool.description };
    for (const cap of toolCapabilities(doc)) byCap.get(cap)?.push({ name: tool.name, server: shownServerName(tool.serverName) });
  }
  return byCap;
}

export async function listCapabilities(deps: AppDeps, userId: string | null) {
  const byCap = await toolsByCapability(deps, userId);
  return { capabilities: CAPABILITIES.map((c) => ({ id: c.id, name: c.name, tool_count: byCap.get(c.id)?.length ?? 0 })) };
}

export async function listToolCapabilities(deps: AppDeps) {
  const byCap = await toolsByCapability(deps, null);
  return {
    capabilities: CAPABILITIES.map((c) => {
      const tools = byCap.get(c.id) ?? [];
      return { id: c.id, name: c.name, verbs: c.verbs, tool_count: tools.length, servers: [...new Set(tools.map((t) => t.server))].sort() };
    }),
  };
}

export async function listServerCapabilities(deps: AppDeps, userId: string | null) {
  const servers = await listVisibleServers(deps.db, userId);
  return { capabilities: servers.map((s) => ({ server_name: shownServerName(s.name), description: s.description, tool_count: s.toolsCount })) };
}

export async function listCategories(deps: AppDeps) {
  const servers = await listVisibleServers(deps.db, null);
  const categories = SERVER_CATEGORIES.map((name) => {
    const members = servers.filter((s) => s.category === name);
    return { name, server_count: members.length, tool_count: members.reduce((n, s) => n + s.toolsCount, 0) };
  });
  return { categories, total: categories.length };
}

/** POST /capabilities/enable: enables one server (a capability in the server sense). */
export async function enableCapability(deps: AppDeps, user: User, capabilityId: string) {
  const server = await findVisibleServer(deps.db, capabilityId, user.id);
  if (!server) throw notFound('NOT_FOUND', `No capability (server) named ${capabilityId}`);
  await setServerEnabled(deps.db, user.id, server.name, true);
  return { capability_id: shownServerName(server.name), status: 'enabled' as const, tools_enabled: server.toolsCount };
}
