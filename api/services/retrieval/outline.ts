import { shownServerName } from '../../../db/registry/server-keys.ts';
import { listVisibleServers } from '../../../db/registry/servers.ts';
import type { ServerWithCount } from '../../../db/registry/servers.ts';
import type { AppDeps } from '../../context.ts';

/** How many server names each category shows: enough to say what kind of tools it holds, short enough for a tool description. */
const EXAMPLES_PER_CATEGORY = 4;
/** Own servers named in full up to this many (a user with more gets the count). */
const OWN_NAMED = 8;

/** Longest server name shown; a name is the server's key, but an upstream or custom one may be anything. */
const NAME_CHARS = 40;

/** A server name as the outline shows it: the characters of a key only, bounded (it lands in the agent's prompt). */
const shown = (key: string) => shownServerName(key).replace(/[^\w.@/+-]+/g, '-').slice(0, NAME_CHARS);

/**
 * What the caller can find with retrieve_tools, in a few lines for its MCP description (issue 39
 * item 3: agents skip a generic "find a tool" tool unless it says what is there): the tool and
 * server counts, each category with its biggest servers, and the caller's own servers by name.
 * Built from the servers the caller can see, when tools/list is asked (rare; one query).
 */
export async function catalogueOutline(deps: AppDeps, userId: string): Promise<string> {
  const servers = (await listVisibleServers(deps.db, userId)).filter((s) => s.toolsCount > 0);
  return outlineOf(servers, userId);
}

/** The outline's text from the visible servers (pure: tested on generated catalogues). */
export function outlineOf(servers: readonly Pick<ServerWithCount, 'name' | 'category' | 'toolsCount' | 'ownerUserId'>[], userId: string): string {
  if (!servers.length) return 'The catalogue is empty for now: no server with tools is visible to you.';
  const tools = servers.reduce((n, s) => n + s.toolsCount, 0);
  const byCategory = new Map<string, typeof servers[number][]>();
  for (const s of servers) if (s.ownerUserId !== userId) byCategory.set(s.category, [...(byCategory.get(s.category) ?? []), s]);
  const categories = [...byCategory.entries()]
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .map(([category, list]) => {
      const names = [...list].sort((a, b) => b.toolsCount - a.toolsCount || a.name.localeCompare(b.name)).slice(0, EXAMPLES_PER_CATEGORY).map((s) => shown(s.name));
      return `${category} (${list.length}: ${names.join(', ')}${list.length > names.length ? ', …' : ''})`;
    });
  const own = servers.filter((s) => s.ownerUserId === userId).map((s) => shown(s.name));
  const ownText = own.length ? ` Your own servers: ${own.slice(0, OWN_NAMED).join(', ')}${own.length > OWN_NAMED ? ` and ${own.length - OWN_NAMED} more` : ''}.` : '';
  return `Searches ${tools} tools on ${servers.length} servers. By kind: ${categories.join('; ')}.${ownText}`;
}
