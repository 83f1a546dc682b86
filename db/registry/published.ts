import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers, tools } from '../schema/index.ts';
import type { McpServerRow, ToolRow } from '../schema/index.ts';
import { rawRows } from '../jobs/raw-rows.ts';

/** Our reverse-DNS namespace: entries of ours are published as `dev.switchboard/<name>`. */
export const OUR_NAMESPACE = 'dev.switchboard';

/**
 * The name an entry is published under (GET /v0.1/servers): an imported entry keeps its
 * registry's name, unless that name is malformed or claims our namespace (a hostile document
 * cannot stand in for one of ours); everything else is `dev.switchboard/<name>`.
 */
export const publishedNameSql = sql<string>`(case
  when ${mcpServers.serverJson}->>'name' ~ '^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$'
    and length(${mcpServers.serverJson}->>'name') <= 200
    and lower(${mcpServers.serverJson}->>'name') not like ${`${OUR_NAMESPACE}/%`}
  then ${mcpServers.serverJson}->>'name'
  else ${`${OUR_NAMESPACE}/`} || ${mcpServers.name} end)`;

export type PublishedRow = McpServerRow & { publishedName: string };

export interface PublishedFilter {
  /** Substring of the published name, case-insensitive. */
  search?: string;
  updatedSince?: Date;
  /** An exact version; `latest` (every entry is its own latest) is no filter. */
  version?: string;
  /** The published name the previous page ended at. */
  after?: string;
  limit: number;
}

/** The public registry (no custom servers), ordered by published name, one page. */
export async function listPublished(db: Database, filter: PublishedFilter): Promise<PublishedRow[]> {
  const where: SQL[] = [isNull(mcpServers.ownerUserId)];
  if (filter.search) where.push(sql`strpos(lower(${publishedNameSql}), lower(${filter.search})) > 0`);
  if (filter.updatedSince) where.push(gt(mcpServers.updatedAt, filter.updatedSince));
  if (filter.version && filter.version !== 'latest') where.push(eq(mcpServers.version, filter.version));
  if (filter.after !== undefined) where.push(sql`${publishedNameSql} > ${filter.after}`);
  return db
    .select({ row: mcpServers, publishedName: publishedNameSql })
    .from(mcpServers)
    .where(and(...where))
    .orderBy(asc(publishedNameSql), asc(mcpServers.name))
    .limit(filter.limit)
    .then((rows) => rows.map((r) => ({ ...r.row, publishedName: r.publishedName })));
}

/** One public entry by its published name. */
export async function findPublished(db: Database, publishedName: string): Promise<PublishedRow | null> {
  const rows = await db
    .select({ row: mcpServers, publishedName: publishedNameSql })
    .from(mcpServers)
    .where(and(isNull(mcpServers.ownerUserId), sql`${publishedNameSql} = ${publishedName}`))
    .orderBy(asc(mcpServers.name))
    .limit(1);
  return rows[0] ? { ...rows[0].row, publishedName: rows[0].publishedName } : null;
}

export interface ToolQuality {
  runs: number;
  successRate: number | null;
  avgDurationMs: number | null;
}

/** The stored tools of these servers (held definitions are not among them: db/trust/gate.ts) and their run figures. */
export async function toolsWithQuality(db: Database, servers: string[]): Promise<{ tools: ToolRow[]; quality: Map<string, ToolQuality> }> {
  if (servers.length === 0) return { tools: [], quality: new Map() };
  const rows = await db.select().from(tools).where(inArray(tools.serverName, servers)).orderBy(asc(tools.serverName), asc(tools.name));
  const stats = await rawRows<{ server: string; tool: string; runs: number; successes: number; avg_ms: number | null }>(db, sql`
    select server, tool, count(*)::int as runs, count(*) filter (where status = 'completed')::int as successes, avg(duration_ms)::float as avg_ms
    from tool_runs where server in (${sql.join(servers.map((s) => sql`${s}`), sql`, `)}) group by server, tool`);
  const quality = new Map(stats.map((s) => [`${s.server}\0${s.tool}`, { runs: s.runs, successRate: s.runs ? s.successes / s.runs : null, avgDurationMs: s.avg_ms }]));
  return { tools: rows, quality };
}
