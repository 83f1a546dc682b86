import { and, count, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers, toolHolds, tools, userServers } from '../schema/index.ts';
import { replaceServerTools } from './tools.ts';
import { gateListings, heldOf, storedToolOf } from '../trust/gate.ts';
import type { ToolInput } from './tools.ts';

/** Worker-side reads and writes of server state: launch configs, health, listed tools (the connect read is db/jobs/tool-target.ts). */

/** Candidates for connecting: every server, or the ones a user enabled/installed plus their own. */
export async function serverLaunches(db: Database, scope: { userId?: string; servers?: string[] }) {
  const columns = { name: mcpServers.name, launch: mcpServers.launch };
  if (scope.servers) return db.select(columns).from(mcpServers).where(inArray(mcpServers.name, scope.servers));
  if (scope.userId) {
    const mine = db
      .select({ name: userServers.serverName })
      .from(userServers)
      .where(and(eq(userServers.userId, scope.userId), or(eq(userServers.enabled, true), eq(userServers.installed, true))));
    return db
      .select(columns)
      .from(mcpServers)
      .where(or(eq(mcpServers.ownerUserId, scope.userId), and(isNull(mcpServers.ownerUserId), inArray(mcpServers.name, mine))));
  }
  return db.select(columns).from(mcpServers);
}

export async function recordHealth(
  db: Database,
  name: string,
  health: { status: 'connected' | 'disconnected' | 'error'; checkedAt: Date; error?: string },
): Promise<void> {
  await db
    .update(mcpServers)
    .set({ status: health.status, lastChecked: health.checkedAt, lastError: health.error ?? null })
    .where(eq(mcpServers.name, name));
}

/**
 * Stores a live tools/list result and marks the server connected, atomically. The listing is
 * compared with the server's pins first: a changed, new or flagged definition is held, not stored (db/trust/gate.ts);
 * those are returned too, for the caller to take out of the search index at once.
 */
export async function recordListedTools(db: Database, name: string, list: ToolInput[], checkedAt: Date): Promise<{ changedTools: number; held: string[] }> {
  return db.transaction(async (tx) => {
    // The server row is written first, answering what the gate needs (its version, and pins_version for the
    // pin cache): a hit then costs no read at all. Its row lock is taken first, as approving a hold takes it.
    const [server] = await tx
      .update(mcpServers)
      .set({ toolsSource: 'tools/list', status: 'connected', lastChecked: checkedAt, lastError: null })
      .where(eq(mcpServers.name, name))
      .returning({ version: mcpServers.version, pinsVersion: mcpServers.pinsVersion });
    const context = { source: 'refresh' as const, versionOf: () => server?.version ?? '', pinsVersionOf: () => server?.pinsVersion };
    const lists = new Map([[name, list]]);
    const gated = await gateListings(tx, lists, context);
    const changedTools = await replaceServerTools(tx, name, (gated.get(name) ?? []).map(storedToolOf));
    return { changedTools, held: heldOf(lists, gated).get(name) ?? [] };
  });
}

export async function countServerTools(db: Database, name: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tools).where(eq(tools.serverName, name));
  return row?.n ?? 0;
}

/**
 * A started instance's listing through the pin check (issue 37, item 1: "every time an instance
 * starts and lists its tools"): a changed or new definition becomes a pending hold (gate.ts) and
 * its stored row goes (not ranked, listed or run until approved). The rest of the stored list is
 * left alone: one user's instance may list less than the server offers. Returns the listed tools
 * the check held, each with its pending hold's id.
 */
export async function checkStartListing(db: Database, name: string, list: ToolInput[]): Promise<Map<string, string>> {
  return db.transaction(async (tx) => {
    const [server] = await tx.select({ version: mcpServers.version }).from(mcpServers).where(eq(mcpServers.name, name));
    const gated = await gateListings(tx, new Map([[name, list]]), { source: 'refresh', versionOf: () => server?.version ?? '' });
    const held = heldOf(new Map([[name, list]]), gated).get(name) ?? [];
    if (held.length === 0) return new Map();
    await tx.delete(tools).where(and(eq(tools.serverName, name), inArray(tools.name, held)));
    const holds = await tx
      .select({ tool: toolHolds.toolName, id: toolHolds.id })
      .from(toolHolds)
      .where(and(eq(toolHolds.serverName, name), eq(toolHolds.status, 'pending'), inArray(toolHolds.toolName, held)));
    const ids = new Map(holds.map((h) => [h.tool, h.id]));
    return new Map(held.map((tool) => [tool, ids.get(tool) ?? '']));
  });
}
