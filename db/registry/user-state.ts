import { and, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { userPacks, userServers } from '../schema/index.ts';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export interface ServerState {
  enabled: boolean;
  installed: boolean;
}

/** A user's enabled/installed state per server (servers without a row are neither). */
export async function serverStates(db: Executor, userId: string): Promise<Map<string, ServerState>> {
  const rows = await db.select().from(userServers).where(eq(userServers.userId, userId));
  return new Map(rows.map((r) => [r.serverName, { enabled: r.enabled, installed: r.installed }]));
}

export async function setServerEnabled(db: Executor, userId: string, server: string, enabled: boolean): Promise<void> {
  await db
    .insert(userServers)
    .values({ userId, serverName: server, enabled })
    .onConflictDoUpdate({ target: [userServers.userId, userServers.serverName], set: { enabled, updatedAt: new Date() } });
}

/** Installs (and enables) a server; true when it was not installed before. */
export async function installServer(db: Executor, userId: string, server: string): Promise<boolean> {
  const [before] = await db
    .select({ installed: userServers.installed })
    .from(userServers)
    .where(and(eq(userServers.userId, userId), eq(userServers.serverName, server)));
  await db
    .insert(userServers)
    .values({ userId, serverName: server, enabled: true, installed: true })
    .onConflictDoUpdate({ target: [userServers.userId, userServers.serverName], set: { enabled: true, installed: true, updatedAt: new Date() } });
  return !before?.installed;
}

export async function enabledPackIds(db: Executor, userId: string): Promise<Set<string>> {
  const rows = await db.select({ packId: userPacks.packId }).from(userPacks).where(eq(userPacks.userId, userId));
  return new Set(rows.map((r) => r.packId));
}

/** Marks a pack enabled; true when it was not enabled before. */
export async function enablePackRow(db: Executor, userId: string, packId: string): Promise<boolean> {
  const rows = await db
    .insert(userPacks)
    .values({ userId, packId })
    .onConflictDoNothing()
    .returning({ packId: userPacks.packId });
  return rows.length > 0;
}


/** The servers a user enabled, by name. */
export async function enabledServerNames(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ server: userServers.serverName })
    .from(userServers)
    .where(and(eq(userServers.userId, userId), eq(userServers.enabled, true)));
  return rows.map((r) => r.server);
}
