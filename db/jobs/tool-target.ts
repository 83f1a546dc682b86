import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { prepared } from '../prepared.ts';
import { mcpServers, tools, userServers, users } from '../schema/index.ts';

/** A tool with what execution needs to decide whether and how it can run. */
export interface ToolTarget {
  server: string;
  tool: string;
  inputSchema: Record<string, unknown>;
  launch: Record<string, unknown> | null;
  /** The server's `authentication` block: which credentials a caller must have set (platform/credentials/store.ts). */
  authentication: Record<string, unknown> | null;
  serverStatus: string;
  ownerUserId: string | null;
  /** The user's explicit switch; null when the user never toggled the server. */
  enabledForUser: boolean | null;
}

/** No user: a join that matches no row (the same statement text either way). */
const NO_USER = '00000000-0000-0000-0000-000000000000';

/** Every tool of that name (optionally on one server), with the user's state of its server. */
export async function findToolTargets(db: Database, name: string, server: string | undefined, userId: string | null): Promise<ToolTarget[]> {
  // Every run resolves its tool: prepared (db/prepared.ts), one statement per shape.
  const build = (onServer: boolean) =>
    db
      .select({
        server: tools.serverName,
        tool: tools.name,
        inputSchema: tools.inputSchema,
        launch: mcpServers.launch,
        authentication: mcpServers.authentication,
        serverStatus: mcpServers.status,
        ownerUserId: mcpServers.ownerUserId,
        enabledForUser: userServers.enabled,
      })
      .from(tools)
      .innerJoin(mcpServers, eq(mcpServers.name, tools.serverName))
      .leftJoin(userServers, and(eq(userServers.serverName, mcpServers.name), eq(userServers.userId, sql.placeholder('userId'))))
      .where(onServer ? and(eq(tools.name, sql.placeholder('name')), eq(tools.serverName, sql.placeholder('server'))) : eq(tools.name, sql.placeholder('name')))
      .orderBy(tools.serverName)
      .prepare(onServer ? 'tool_targets_on_server' : 'tool_targets');
  const values = { name, userId: userId ?? NO_USER };
  if (server === undefined) return prepared(db, 'tool_targets', () => build(false)).execute(values);
  return prepared(db, 'tool_targets_on_server', () => build(true)).execute({ ...values, server });
}

/**
 * The stored launch config of a server, read by the worker for each run (it may hold secrets,
 * so it never travels in a workflow input). The API read the tool row and checked the
 * arguments before starting the run.
 */
export async function findServerLaunch(db: Database, server: string): Promise<unknown> {
  const query = prepared(db, 'server_launch', () =>
    db
      .select({ launch: mcpServers.launch })
      .from(mcpServers)
      .where(eq(mcpServers.name, sql.placeholder('server')))
      .prepare('server_launch'),
  );
  const [row] = await query.execute({ server });
  return row?.launch ?? null;
}

/**
 * What the worker needs to connect to a server: its launch config and who chose its target
 * (the row's source and its owner's role), which decides whether the connection must reach a
 * public address (domain/launch.ts, `operatorChosen`).
 */
export async function findServerConnect(
  db: Database,
  server: string,
): Promise<{ launch: unknown; source: string; ownerRole: string | null; authentication: Record<string, unknown> | null } | null> {
  const query = prepared(db, 'server_connect', () =>
    db
      .select({ launch: mcpServers.launch, source: mcpServers.source, ownerRole: users.role, authentication: mcpServers.authentication })
      .from(mcpServers)
      .leftJoin(users, eq(users.id, mcpServers.ownerUserId))
      .where(eq(mcpServers.name, sql.placeholder('server')))
      .prepare('server_connect'),
  );
  const [row] = await query.execute({ server });
  return row ?? null;
}
