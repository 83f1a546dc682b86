import { createHash } from 'node:crypto';

/**
 * Custom server names are unique per owner (docs/decisions.md, "Custom server names per
 * owner"). `mcp_servers.name` stays the one internal key every table references, so an owned
 * server is stored under `<chosen name>~<tag>`, the tag derived from owner id and name: two
 * owners never collide, nobody can learn from a refusal that someone else took a name, and
 * every answer shows the chosen part only. Public names never contain `~` (registry names
 * are lowercase letters, digits and dashes).
 */
const SEPARATOR = '~';

export function ownedServerKey(ownerUserId: string, name: string): string {
  const tag = createHash('sha256').update(`${ownerUserId}:${name}`).digest('hex').slice(0, 16);
  return `${name}${SEPARATOR}${tag}`;
}

/** The name a server is shown under: the owner's chosen name for an owned key, else the key. */
export function shownServerName(key: string): string {
  return OWNED_KEY.test(key) ? key.slice(0, key.lastIndexOf(SEPARATOR)) : key;
}

/** `text` (an error message, say) with every mention of the server key shown as its name. */
export function withShownServerName(text: string, key: string): string {
  return OWNED_KEY.test(key) ? text.replaceAll(key, shownServerName(key)) : text;
}

/** SQL's spelling of shownServerName, for filtering stored keys by the name a user gives. */
export const SHOWN_SERVER_NAME_SQL_PATTERN = '~[0-9a-f]{16}$';

const OWNED_KEY = new RegExp(SHOWN_SERVER_NAME_SQL_PATTERN);
