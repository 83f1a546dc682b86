import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers } from '../schema/index.ts';
import type { McpServerRow, ServerCategory } from '../schema/index.ts';
import { ownedServerKey } from './server-keys.ts';

/** Rows the sync owns and may overwrite; admin-created and custom servers are never touched by it. */
export const SYNCED_SOURCES = ['catalog', 'reference', 'upstream'] as const;

/** Tool count of a server: its listed tools, or what an admin declared when none are listed. */
// Written out in full: drizzle leaves columns unqualified in single-table selects, and an
// unqualified "name" inside the subquery would mean tools.name.
export const toolsCountSql = sql<number>`coalesce(nullif((select count(*) from tools t where t.server_name = "mcp_servers"."name"), 0), "mcp_servers"."declared_tools_count")::int`;

export type ServerWithCount = McpServerRow & { toolsCount: number };

/** Servers a caller may see: the public registry, plus their own custom servers. */
export function visibleTo(userId: string | null): SQL {
  return userId
    ? (or(isNull(mcpServers.ownerUserId), eq(mcpServers.ownerUserId, userId)) as SQL)
    : isNull(mcpServers.ownerUserId);
}

/**
 * The key a caller's server name means: their own custom server of that name when they have
 * one (it shadows a public server of the same name), else the name itself. As SQL, so it
 * composes into any query.
 */
export function serverKeySql(name: string, userId: string | null): SQL {
  if (!userId) return sql`${name}`;
  return sql`coalesce((select s.name from mcp_servers s where s.name = ${ownedServerKey(userId, name)}), ${name})`;
}

/** The same, read once: for callers that pass the key on (execution, search filters). */
export async function resolveServerKey(db: Database, name: string, userId: string | null): Promise<string> {
  if (!userId) return name;
  const own = ownedServerKey(userId, name);
  const [row] = await db.select({ name: mcpServers.name }).from(mcpServers).where(eq(mcpServers.name, own));
  return row ? own : name;
}

export interface RegistryFilter {
  category?: ServerCategory;
  tag?: string;
  q?: string;
  limit: number;
  offset: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The public registry, filtered and paged, with the total of the filtered set. */
export async function listRegistry(db: Database, filter: RegistryFilter): Promise<{ rows: ServerWithCount[]; total: number }> {
  const conditions: SQL[] = [isNull(mcpServers.ownerUserId)];
  if (filter.category) conditions.push(eq(mcpServers.category, filter.category));
  if (filter.tag) conditions.push(sql`${mcpServers.tags} @> ${JSON.stringify([filter.tag])}::jsonb`);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(
      or(ilike(mcpServers.name, pattern), ilike(mcpServers.displayName, pattern), ilike(mcpServers.description, pattern)) as SQL,
    );
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ server: mcpServers, toolsCount: toolsCountSql })
      .from(mcpServers)
      .where(where)
      .orderBy(asc(mcpServers.name))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(mcpServers).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.server, toolsCount: r.toolsCount })), total };
}

/** Every server visible to the caller, with tool counts, by name. */
export async function listVisibleServers(db: Database, userId: string | null): Promise<ServerWithCount[]> {
  const rows = await db
    .select({ server: mcpServers, toolsCount: toolsCountSql })
    .from(mcpServers)
    .where(visibleTo(userId))
    .orderBy(asc(mcpServers.name));
  return rows.map((r) => ({ ...r.server, toolsCount: r.toolsCount }));
}

/** One server by name, when the caller may see it. */
export async function findVisibleServer(db: Database, name: string, userId: string | null): Promise<ServerWithCount | null> {
  const [row] = await db
    .select({ server: mcpServers, toolsCount: toolsCountSql })
    .from(mcpServers)
    .where(and(eq(mcpServers.name, serverKeySql(name, userId)), visibleTo(userId)));
  return row ? { ...row.server, toolsCount: row.toolsCount } : null;
}

/**
 * Servers named by name or id (custom servers are addressed by id too), visible to the user,
 * one per reference in order (undefined where none): a name means the user's own server of
 * that name first, then the public one.
 */
export async function findVisibleServersByRef(db: Database, refs: string[], userId: string): Promise<(ServerWithCount | undefined)[]> {
  if (refs.length === 0) return [];
  const ids = refs.filter((r) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(r));
  const names = refs.flatMap((r) => [r, ownedServerKey(userId, r)]);
  const byRef = ids.length ? or(inArray(mcpServers.name, names), inArray(mcpServers.id, ids)) : inArray(mcpServers.name, names);
  const rows = (
    await db
      .select({ server: mcpServers, toolsCount: toolsCountSql })
      .from(mcpServers)
      .where(and(byRef, visibleTo(userId)))
  ).map((r) => ({ ...r.server, toolsCount: r.toolsCount }));
  return refs.map(
    (ref) =>
      rows.find((s) => s.id === ref) ??
      rows.find((s) => s.ownerUserId === userId && s.name === ownedServerKey(userId, ref)) ??
      rows.find((s) => s.name === ref),
  );
}

/** The internal keys of a user's custom servers. */
export async function ownServerKeys(db: Pick<Database, 'select'>, userId: string): Promise<string[]> {
  const rows = await db.select({ name: mcpServers.name }).from(mcpServers).where(eq(mcpServers.ownerUserId, userId));
  return rows.map((r) => r.name);
}

/** How many custom servers a user has. */
export async function countOwnServers(db: Pick<Database, 'select'>, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mcpServers).where(eq(mcpServers.ownerUserId, userId));
  return row?.n ?? 0;
}

/** Edits a registry entry (not a user's custom server); false when there is none of that name. */
export async function updatePublicServer(db: Database, name: string, set: Partial<typeof mcpServers.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(mcpServers)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(mcpServers.name, name), isNull(mcpServers.ownerUserId)))
    .returning({ name: mcpServers.name });
  return rows.length > 0;
}

/** Deletes a registry entry (not a user's custom server); false when there is none of that name. */
export async function deletePublicServer(db: Database, name: string): Promise<boolean> {
  const rows = await db
    .delete(mcpServers)
    .where(and(eq(mcpServers.name, name), isNull(mcpServers.ownerUserId)))
    .returning({ name: mcpServers.name });
  return rows.length > 0;
}

/** Who holds `name` among the registry (owner null) and the user's own servers stored under their plain name. */
export async function nameHolders(db: Pick<Database, 'select'>, name: string, userId: string): Promise<(string | null)[]> {
  const rows = await db
    .select({ owner: mcpServers.ownerUserId })
    .from(mcpServers)
    .where(and(eq(mcpServers.name, name), or(isNull(mcpServers.ownerUserId), eq(mcpServers.ownerUserId, userId))));
  return rows.map((r) => r.owner);
}
