import { and, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Column, SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { shownServerName } from '../registry/server-keys.ts';
import { mcpServers, tools, userServers } from '../schema/index.ts';

const serverColumns = {
  name: mcpServers.name,
  displayName: mcpServers.displayName,
  description: mcpServers.description,
  category: mcpServers.category,
  tags: mcpServers.tags,
  authentication: mcpServers.authentication,
};

/**
 * Servers and tools that mention any query term (a substring prefilter in SQL; scoring is
 * done on whole words afterwards). Users' custom servers are visible to their owner only.
 */
export async function loadCandidates(db: Database, queryTerms: string[], userId: string | null) {
  if (!queryTerms.length) return { servers: [], tools: [] };
  const visible = userId ? or(isNull(mcpServers.ownerUserId), eq(mcpServers.ownerUserId, userId)) : isNull(mcpServers.ownerUserId);
  // Terms are [a-z0-9] only (terms.ts), so they need no LIKE escaping.
  const like = (columns: (SQL | Column)[]) => or(...queryTerms.flatMap((t) => columns.map((c) => ilike(c, `%${t}%`))));
  const [servers, toolRows] = await Promise.all([
    db
      .select(serverColumns)
      .from(mcpServers)
      .where(and(visible, like([mcpServers.name, mcpServers.displayName, mcpServers.description, sql`${mcpServers.category}::text`, sql`${mcpServers.tags}::text`])))
      .limit(300),
    db
      .select({ ...serverColumns, tool: tools.name, toolDescription: tools.description, toolTags: tools.tags, inputSchema: tools.inputSchema })
      .from(tools)
      .innerJoin(mcpServers, eq(mcpServers.name, tools.serverName))
      .where(and(visible, like([tools.name, tools.description, sql`${tools.tags}::text`])))
      .limit(500),
  ]);
  // A custom server is stored under an owner-qualified key; its owner knows it by the chosen name.
  const shown = <T extends { name: string }>(row: T): T => ({ ...row, name: shownServerName(row.name) });
  return { servers: servers.map(shown), tools: toolRows.map(shown) };
}

export type ServerCandidate = Awaited<ReturnType<typeof loadCandidates>>['servers'][number];
export type ToolCandidate = Awaited<ReturnType<typeof loadCandidates>>['tools'][number];

export async function enabledServers(db: Database, userId: string | null): Promise<Set<string>> {
  if (!userId) return new Set();
  const rows = await db
    .select({ name: userServers.serverName })
    .from(userServers)
    .where(and(eq(userServers.userId, userId), eq(userServers.enabled, true)));
  return new Set(rows.map((r) => shownServerName(r.name)));
}

/** Size of what the recommender can draw on (POST /recommender/status). */
export async function catalogSize(db: Database) {
  const [servers, toolCount] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int`, updated: sql<string | null>`max(${mcpServers.updatedAt})` }).from(mcpServers).where(isNull(mcpServers.ownerUserId)),
    db.select({ n: sql<number>`count(*)::int` }).from(tools).innerJoin(mcpServers, eq(mcpServers.name, tools.serverName)).where(isNull(mcpServers.ownerUserId)),
  ]);
  return { servers: servers[0]?.n ?? 0, tools: toolCount[0]?.n ?? 0, updatedAt: servers[0]?.updated ?? null };
}
