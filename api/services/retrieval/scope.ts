import type { Database } from '../../../db/client.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import { ownServerKeys } from '../../../db/registry/servers.ts';
import { enabledServerNames } from '../../../db/registry/user-state.ts';
import type { DiscoverRequest } from '../../../search/discover.ts';

/**
 * Whose tools a retrieval covers (docs/retrieval-api.md "Scope"), the one place that knows:
 * - no user: the public catalog only (registry servers without an owner, and tools an admin
 *   indexed through the API);
 * - a user: the public catalog plus the user's custom servers and the tools they indexed, and
 *   the user's own tools and the servers they enabled are preferred (search/discover.ts
 *   PREFERENCE_BOOST).
 */
export interface Scope {
  userId: string | null;
  enabledServers: string[];
  /** The user's own custom servers: chosen name to internal key (names are per owner, docs/registry.md). */
  ownServers: Record<string, string>;
}

export async function resolveScope(db: Database, userId: string | null): Promise<Scope> {
  if (!userId) return { userId: null, enabledServers: [], ownServers: {} };
  const [enabled, own] = await Promise.all([enabledServerNames(db, userId), ownServerKeys(db, userId)]);
  return scopeOf(userId, enabled, own);
}

/** A user's scope from their enabled servers and their custom servers' internal names. */
export function scopeOf(userId: string, enabledServers: string[], ownServerKeys: string[]): Scope {
  const ownServers = Object.fromEntries([...ownServerKeys].sort().map((name) => [shownServerName(name), name]));
  return { userId, enabledServers: [...enabledServers].sort(), ownServers };
}

/** The scope as discover takes it: which tools may be found, and which are preferred. */
export function scopeQuery(scope: Scope, extra: { server?: string; category?: string }): Pick<DiscoverRequest, 'filter' | 'prefer'> {
  // `server` is the name the caller sees: their own server of that name shadows a public one.
  const server = extra.server === undefined ? undefined : (scope.ownServers[extra.server] ?? extra.server);
  const filter = { ownerUserIds: scope.userId ? [null, scope.userId] : [null], server, category: extra.category };
  const { userId } = scope;
  if (!userId) return { filter };
  const enabled = new Set(scope.enabledServers);
  return { filter, prefer: (doc) => doc.ownerUserId === userId || enabled.has(doc.server) };
}
