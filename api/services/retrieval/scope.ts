import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import { mcpServers, userServers } from '../../../db/schema/index.ts';
import type { SearchFilter, ToolDocument } from '../../../search/types.ts';

/**
 * Whose tools a retrieval covers (docs/retrieval-api.md "Scope"):
 * - no user: the public catalog only (registry servers without an owner, and tools an admin
 *   indexed through the API);
 * - a user: the public catalog plus the user's custom servers and the tools they indexed, and
 *   the user's own tools and the servers they enabled are preferred (see `preferenceBoost`).
 */
export interface Scope {
  userId: string | null;
  enabledServers: string[];
  /** The user's own custom servers: chosen name to internal key (names are per owner, docs/registry.md). */
  ownServers: Record<string, string>;
}

export async function resolveScope(db: Database, userId: string | null): Promise<Scope> {
  if (!userId) return { userId: null, enabledServers: [], ownServers: {} };
  const [rows, own] = await Promise.all([
    db
      .select({ server: userServers.serverName })
      .from(userServers)
      .where(and(eq(userServers.userId, userId), eq(userServers.enabled, true))),
    db.select({ name: mcpServers.name }).from(mcpServers).where(eq(mcpServers.ownerUserId, userId)),
  ]);
  const ownServers = Object.fromEntries(own.map((r) => [shownServerName(r.name), r.name]));
  return { userId, enabledServers: rows.map((r) => r.server).sort(), ownServers };
}

export function scopeFilter(scope: Scope, extra: { server?: string; category?: string }): SearchFilter {
  // `server` is the name the caller sees: their own server of that name shadows a public one.
  const server = extra.server === undefined ? undefined : (scope.ownServers[extra.server] ?? extra.server);
  return { ownerUserIds: scope.userId ? [null, scope.userId] : [null], server, category: extra.category };
}

/** Share of the remaining headroom a preferred tool gains: score + 0.1·(1 − score), still ≤ 1. */
export const PREFERENCE_BOOST = 0.1;

export function isPreferred(scope: Scope, doc: ToolDocument): boolean {
  if (!scope.userId) return false;
  return doc.ownerUserId === scope.userId || scope.enabledServers.includes(doc.server);
}
