import { createHash } from 'node:crypto';
import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers, tools } from '../schema/index.ts';
import type { McpServerRow, ServerCategory, ToolRow } from '../schema/index.ts';
import { serverKeySql, visibleTo } from './servers.ts';
import { excludedSet } from '../upsert.ts';

/** A tool as tools/list or the catalog gives it. */
export interface ToolInput {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown> | null;
  /** Pinned with the definition (domain/trust/tool-pin.ts), not stored in the tools row. */
  title?: string | null;
  annotations?: Record<string, unknown> | null;
}

/** A tools/list entry as the registry takes it: everything a client is shown, for the pin check. */
export function toolInputOf(t: ToolInput & { title?: string | null }): ToolInput {
  return { name: t.name, title: t.title ?? null, description: t.description, inputSchema: t.inputSchema, outputSchema: t.outputSchema ?? null, annotations: t.annotations ?? null };
}

/** Transaction or database: drizzle's transaction exposes the same query builder. */
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** Hash of what the search index reads, so unchanged tools are not re-indexed. */
export function toolHash(tool: ToolInput): string {
  const text = JSON.stringify([tool.description ?? '', tool.inputSchema, tool.outputSchema ?? null]);
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

/**
 * Makes a server's tool rows equal to `list`: new and changed tools are upserted, missing
 * ones deleted. Idempotent; returns how many tools were added, changed or removed.
 */
export async function replaceServerTools(tx: Executor, server: string, list: ToolInput[]): Promise<number> {
  const unique = [...new Map(list.map((t) => [t.name, t])).values()];
  const existing = await tx.select({ name: tools.name, hash: tools.contentHash }).from(tools).where(eq(tools.serverName, server));
  const before = new Map(existing.map((t) => [t.name, t.hash]));
  const now = new Date();
  const changed = unique.filter((t) => before.get(t.name) !== toolHash(t));
  for (let i = 0; i < changed.length; i += 200) {
    const values = changed.slice(i, i + 200).map((t) => ({
      serverName: server,
      name: t.name,
      description: t.description ?? '',
      inputSchema: t.inputSchema,
      outputSchema: t.outputSchema ?? null,
      contentHash: toolHash(t),
      updatedAt: now,
    }));
    await tx
      .insert(tools)
      .values(values)
      .onConflictDoUpdate({
        target: [tools.serverName, tools.name],
        set: excludedSet(tools, values[0]!, ['serverName', 'name']),
      });
  }
  const keep = unique.map((t) => t.name);
  const removed = await tx
    .delete(tools)
    .where(keep.length ? and(eq(tools.serverName, server), notInArray(tools.name, keep)) : eq(tools.serverName, server))
    .returning({ name: tools.name });
  return changed.length + removed.length;
}

export interface ToolFilter {
  server?: string;
  category?: ServerCategory;
  name?: string;
  limit?: number;
  offset: number;
}

export type ToolWithServer = ToolRow & { server: McpServerRow };

function toolConditions(userId: string | null, filter: Omit<ToolFilter, 'limit' | 'offset'>): SQL | undefined {
  const conditions: SQL[] = [visibleTo(userId)];
  if (filter.server) conditions.push(eq(tools.serverName, serverKeySql(filter.server, userId)));
  if (filter.name) conditions.push(eq(tools.name, filter.name));
  // A tool without its own category belongs to its server's.
  if (filter.category) conditions.push(sql`coalesce(${tools.category}, ${mcpServers.category}) = ${filter.category}`);
  return and(...conditions);
}

/** Tools visible to the caller, ordered by server then name, with the filtered total. */
export async function listTools(db: Database, userId: string | null, filter: ToolFilter): Promise<{ rows: ToolWithServer[]; total: number }> {
  const where = toolConditions(userId, filter);
  const query = db
    .select({ tool: tools, server: mcpServers })
    .from(tools)
    .innerJoin(mcpServers, eq(tools.serverName, mcpServers.name))
    .where(where)
    .orderBy(asc(tools.serverName), asc(tools.name))
    .offset(filter.offset);
  const [rows, [{ total }]] = await Promise.all([
    filter.limit === undefined ? query : query.limit(filter.limit),
    db.select({ total: count() }).from(tools).innerJoin(mcpServers, eq(tools.serverName, mcpServers.name)).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.tool, server: r.server })), total };
}

/** Tools of the given servers, by server then name. */
export async function toolsOfServers(db: Database, servers: string[]): Promise<ToolRow[]> {
  if (servers.length === 0) return [];
  return db.select().from(tools).where(inArray(tools.serverName, servers)).orderBy(asc(tools.serverName), asc(tools.name));
}
