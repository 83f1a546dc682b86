import { and, desc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers, toolHolds, toolPins, tools } from '../schema/index.ts';
import type { HoldStatus, ToolHoldRow } from '../schema/index.ts';
import { toolHash } from '../registry/tools.ts';
import { storedToolOf } from './gate.ts';
import type { ToolDefinition } from '../../domain/trust/tool-pin.ts';

/** A hold with who may decide it: the owner of a custom server, or (null) admins only. */
export type HoldWithOwner = ToolHoldRow & { ownerUserId: string | null };

export interface HoldFilter {
  status?: HoldStatus;
  server?: string;
  /** Only holds on this user's own custom servers (a non-admin's view). */
  ownerUserId?: string;
  /** Holds created before this one (cursor paging, newest first). */
  before?: { createdAt: Date; id: string };
  limit: number;
}

const columns = { hold: toolHolds, ownerUserId: mcpServers.ownerUserId };

/** Holds newest first, one more than `limit` so the caller knows whether a next page exists. */
export async function listHolds(db: Database, filter: HoldFilter): Promise<HoldWithOwner[]> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(toolHolds.status, filter.status));
  if (filter.server) conditions.push(eq(toolHolds.serverName, filter.server));
  if (filter.ownerUserId) conditions.push(eq(mcpServers.ownerUserId, filter.ownerUserId));
  if (filter.before) conditions.push(sql`(${toolHolds.createdAt}, ${toolHolds.id}) < (${filter.before.createdAt.toISOString()}::timestamptz, ${filter.before.id}::uuid)`);
  const rows = await db
    .select(columns)
    .from(toolHolds)
    .innerJoin(mcpServers, eq(toolHolds.serverName, mcpServers.name))
    .where(and(...conditions))
    .orderBy(desc(toolHolds.createdAt), desc(toolHolds.id))
    .limit(filter.limit + 1);
  return rows.map((r) => ({ ...r.hold, ownerUserId: r.ownerUserId }));
}

export async function findHold(db: Database, id: string): Promise<HoldWithOwner | null> {
  const [row] = await db.select(columns).from(toolHolds).innerJoin(mcpServers, eq(toolHolds.serverName, mcpServers.name)).where(eq(toolHolds.id, id));
  return row ? { ...row.hold, ownerUserId: row.ownerUserId } : null;
}

/** The pending hold of a tool, for the error a call to it answers; `server` narrows to one server key. */
export async function findPendingHold(db: Database, toolName: string, server?: string): Promise<HoldWithOwner | null> {
  const conditions = [eq(toolHolds.toolName, toolName), eq(toolHolds.status, 'pending')];
  if (server) conditions.push(eq(toolHolds.serverName, server));
  const [row] = await db
    .select(columns)
    .from(toolHolds)
    .innerJoin(mcpServers, eq(toolHolds.serverName, mcpServers.name))
    .where(and(...conditions))
    .orderBy(desc(toolHolds.createdAt))
    .limit(1);
  return row ? { ...row.hold, ownerUserId: row.ownerUserId } : null;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The pending hold, locked after its server's row: a refresh locks the server row first and then
 * writes holds (db/registry/runtime.ts), and the pins_version triggers lock it on every hold or pin
 * write, so taking the hold first could deadlock with a refresh of the same server.
 */
async function lockPendingHold(tx: Tx, id: string): Promise<ToolHoldRow | undefined> {
  const [found] = await tx.select({ server: toolHolds.serverName }).from(toolHolds).where(eq(toolHolds.id, id));
  if (!found) return undefined;
  await tx.select({ name: mcpServers.name }).from(mcpServers).where(eq(mcpServers.name, found.server)).for('update');
  const [hold] = await tx.select().from(toolHolds).where(and(eq(toolHolds.id, id), eq(toolHolds.status, 'pending'))).for('update');
  return hold;
}

async function storeToolRow(tx: Tx, server: string, definition: ToolDefinition, overwrite: boolean): Promise<void> {
  const row = storedToolOf(definition);
  const values = { serverName: server, ...row, contentHash: toolHash(row), updatedAt: new Date() };
  const insert = tx.insert(tools).values(values);
  await (overwrite
    ? insert.onConflictDoUpdate({
        target: [tools.serverName, tools.name],
        set: { description: values.description, inputSchema: values.inputSchema, outputSchema: values.outputSchema, contentHash: values.contentHash, updatedAt: values.updatedAt },
      })
    : insert.onConflictDoNothing());
}

/**
 * Approves a pending hold: its definition becomes the pin and the stored tool (ranked, listed,
 * runnable once re-indexed). Null when the hold is not pending (decided already, or superseded).
 */
export async function approveHold(db: Database, id: string, decidedBy: string): Promise<ToolHoldRow | null> {
  return db.transaction(async (tx) => {
    const hold = await lockPendingHold(tx, id);
    if (!hold) return null;
    const now = new Date();
    const pin = { hash: hold.proposedHash, definition: hold.proposed, version: hold.version, pinnedBy: decidedBy, pinnedAt: now };
    await tx
      .insert(toolPins)
      .values({ serverName: hold.serverName, toolName: hold.toolName, ...pin })
      .onConflictDoUpdate({ target: [toolPins.serverName, toolPins.toolName], set: pin });
    await storeToolRow(tx, hold.serverName, hold.proposed, true);
    const [decided] = await tx.update(toolHolds).set({ status: 'approved', decidedAt: now, decidedBy }).where(eq(toolHolds.id, id)).returning();
    return decided ?? null;
  });
}

/**
 * Rejects a pending hold: the pin stays as it was, and a tool that had one is served by its
 * pinned definition again (the gate keeps doing so while the server lists the rejected one).
 */
export async function rejectHold(db: Database, id: string, decidedBy: string): Promise<ToolHoldRow | null> {
  return db.transaction(async (tx) => {
    const hold = await lockPendingHold(tx, id);
    if (!hold) return null;
    const [pin] = await tx
      .select({ definition: toolPins.definition })
      .from(toolPins)
      .where(and(eq(toolPins.serverName, hold.serverName), eq(toolPins.toolName, hold.toolName)));
    if (pin) await storeToolRow(tx, hold.serverName, pin.definition, false);
    const [decided] = await tx.update(toolHolds).set({ status: 'rejected', decidedAt: new Date(), decidedBy }).where(eq(toolHolds.id, id)).returning();
    return decided ?? null;
  });
}

/** How many holds are pending (the console's badge, the catalog figure). */
export async function countPendingHolds(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(toolHolds).where(eq(toolHolds.status, 'pending'));
  return row?.n ?? 0;
}

