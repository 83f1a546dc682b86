import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { userServers } from '../../../db/schema/index.ts';
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
}

export async function resolveScope(db: Database, userId: string | null): Promise<Scope> {
  if (!userId) return { userId: null, enabledServers: [] };
  const rows = await db
    .select({ server: userServers.serverName })
    .from(userServers)
    .where(and(eq(userServers.userId, userId), eq(userServers.enabled, true)));
  return { userId, enabledServers: rows.map((r) => r.server).sort() };
}

export function scopeFilter(scope: Scope, extra: { server?: string; category?: string }): SearchFilter {
  return { ownerUserIds: scope.userId ? [null, scope.userId] : [null], server: extra.server, category: extra.category };
}

/** Share of the remaining headroom a preferred tool gains: score + 0.1·(1 − score), still ≤ 1. */
export const PREFERENCE_BOOST = 0.1;

export function isPreferred(scope: Scope, doc: ToolDocument): boolean {
  if (!scope.userId) return false;
  return doc.ownerUserId === scope.userId || scope.enabledServers.includes(doc.server);
}
