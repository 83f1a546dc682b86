import { and, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers, tools, userServers } from '../schema/index.ts';

/** A tool with what execution needs to decide whether and how it can run. */
export interface ToolTarget {
  server: string;
  tool: string;
  inputSchema: Record<string, unknown>;
  launch: Record<string, unknown> | null;
  serverStatus: string;
  ownerUserId: string | null;
  /** The user's explicit switch; null when the user never toggled the server. */
  enabledForUser: boolean | null;
}

/** Every tool of that name (optionally on one server), with the user's state of its server. */
export async function findToolTargets(db: Database, name: string, server: string | undefined, userId: string | null): Promise<ToolTarget[]> {
  const userJoin = userId
    ? and(eq(userServers.serverName, mcpServers.name), eq(userServers.userId, userId))
    : and(eq(userServers.serverName, mcpServers.name), eq(userServers.userId, '00000000-0000-0000-0000-000000000000'));
  const rows = await db
    .select({
      server: tools.serverName,
      tool: tools.name,
      inputSchema: tools.inputSchema,
      launch: mcpServers.launch,
      serverStatus: mcpServers.status,
      ownerUserId: mcpServers.ownerUserId,
      enabledForUser: userServers.enabled,
    })
    .from(tools)
    .innerJoin(mcpServers, eq(mcpServers.name, tools.serverName))
    .leftJoin(userServers, userJoin)
    .where(server ? and(eq(tools.name, name), eq(tools.serverName, server)) : eq(tools.name, name))
    .orderBy(tools.serverName);
  return rows;
}

/**
 * The stored launch config of a server, read by the worker for each run (it may hold secrets,
 * so it never travels in a workflow input). The API read the tool row and checked the
 * arguments before starting the run.
 */
export async function findServerLaunch(db: Database, server: string): Promise<unknown> {
  const [row] = await db.select({ launch: mcpServers.launch }).from(mcpServers).where(eq(mcpServers.name, server));
  return row?.launch ?? null;
}
