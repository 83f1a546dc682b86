import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { toolHolds, toolPins } from '../schema/index.ts';
import { appendAuditMany } from '../audit/append.ts';
import { scanServerListing } from '../../domain/trust/poisoning.ts';
import type { Finding } from '../../domain/trust/poisoning.ts';
import { definitionHash, documentedDefinition, pinnedFields } from '../../domain/trust/tool-pin.ts';
import { cachedGate, rememberGate } from './pin-cache.ts';
import type { ToolDefinition } from '../../domain/trust/tool-pin.ts';

/** Transaction or database. */
type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

export interface GateContext {
  /** What read the listings: sync (catalog, upstream registry) or refresh (a live tools/list). */
  source: 'sync' | 'refresh';
  /** The server version each listing came from (mcp_servers.version). */
  versionOf: (server: string) => string;
  /**
   * The server's `mcp_servers.pins_version`, read in this transaction before the gate: given, an
   * unchanged listing of one server is answered from the in-process cache (db/trust/pin-cache.ts).
   */
  pinsVersionOf?: (server: string) => string | undefined;
}

const CHUNK = 500;
const key = (server: string, tool: string) => `${server}\0${tool}`;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The pin check of issue 37, item 1, in the writer's transaction: of each server's listing it
 * returns what may be stored as the server's tools (ranked, listed, runnable). A definition
 * equal to its pin passes; the first listing of a server never pinned is pinned as it is,
 * except what the scanner flags; anything else (a changed definition, a new tool of a known
 * server, a flagged one) becomes a pending hold and is left out until decided. A definition
 * someone rejected is served as its old pin while the server keeps listing the rejected one.
 * Tools missing from a listing simply go (removal needs no approval); their pins stay, so one
 * that comes back unchanged is not new.
 */
export async function gateListings(tx: Executor, lists: Map<string, ToolDefinition[]>, context: GateContext): Promise<Map<string, ToolDefinition[]>> {
  const only = lists.size === 1 ? [...lists][0]! : undefined;
  const pinsVersion = only && context.pinsVersionOf?.(only[0]);
  if (!only || !pinsVersion) return (await gate(tx, lists, context)).accepted;
  const [server, list] = only;
  const listing = JSON.stringify(list);
  const hit = cachedGate(server, pinsVersion, listing);
  if (hit) return new Map([[server, hit]]);
  const { accepted, wrote } = await gate(tx, lists, context);
  if (!wrote) rememberGate(server, pinsVersion, listing, accepted.get(server) ?? []);
  return accepted;
}

/**
 * The listed tools a gate left out, by server (only servers with one): held, pending or rejected
 * without a pin, so neither stored nor ranked. A tool the gate serves as its old pin (a rejected
 * change) is admitted, not held. Every pending hold counts, not only those this gate made: a
 * writer that failed to unindex one finds it again on its retry.
 */
export function heldOf(lists: Map<string, ToolDefinition[]>, accepted: Map<string, ToolDefinition[]>): Map<string, string[]> {
  const held = new Map<string, string[]>();
  for (const [server, list] of lists) {
    const admitted = new Set((accepted.get(server) ?? []).map((t) => t.name));
    const left = [...new Set(list.map((t) => t.name).filter((tool) => !admitted.has(tool)))];
    if (left.length) held.set(server, left);
  }
  return held;
}

async function gate(tx: Executor, lists: Map<string, ToolDefinition[]>, context: GateContext): Promise<{ accepted: Map<string, ToolDefinition[]>; wrote: boolean }> {
  const servers = [...lists.keys()];
  const pinned = new Map<string, string>();
  const known = new Set<string>();
  const pending = new Map<string, { id: string; hash: string }>();
  const rejected = new Map<string, Set<string>>();
  for (const part of chunks(servers)) {
    // Pins and open holds in one round trip: this read is most of what the check adds to a refresh (bench/trust.ts).
    const rows = await tx
      .select({ server: toolPins.serverName, tool: toolPins.toolName, hash: toolPins.hash, id: sql<string | null>`null`, status: sql<string>`'pinned'` })
      .from(toolPins)
      .where(inArray(toolPins.serverName, part))
      .unionAll(
        tx
          .select({ server: toolHolds.serverName, tool: toolHolds.toolName, hash: toolHolds.proposedHash, id: sql<string | null>`${toolHolds.id}::text`, status: sql<string>`${toolHolds.status}` })
          .from(toolHolds)
          .where(and(inArray(toolHolds.serverName, part), inArray(toolHolds.status, ['pending', 'rejected']))),
      );
    for (const row of rows) {
      // A server with a pin or a hold (even of a first sighting) is known: its next new tool is held.
      known.add(row.server);
      const k = key(row.server, row.tool);
      if (row.status === 'pinned') pinned.set(k, row.hash);
      else if (row.status === 'pending') pending.set(k, { id: row.id!, hash: row.hash });
      else rejected.set(k, (rejected.get(k) ?? new Set()).add(row.hash));
    }
  }

  const accepted = new Map<string, ToolDefinition[]>();
  const newPins: (typeof toolPins.$inferInsert)[] = [];
  const newHolds: { server: string; tool: ToolDefinition; hash: string; findings: Finding[]; pinnedHash: string | undefined; first: boolean }[] = [];
  const superseded: string[] = [];
  const restore: { server: string; tool: string }[] = [];
  const completed: { server: string; tool: ToolDefinition; hash: string }[] = [];
  for (const [server, list] of lists) {
    const unique = [...new Map(list.map((t) => [t.name, pinnedFields(t)])).values()];
    const hashes = new Map(unique.map((t) => [t.name, definitionHash(t)]));
    const undecided = unique.filter((t) => {
      const k = key(server, t.name);
      const hash = hashes.get(t.name)!;
      return pinned.get(k) !== hash && !rejected.get(k)?.has(hash) && pending.get(k)?.hash !== hash;
    });
    // The scan reads the whole listing for its length norm but only undecided tools are judged.
    const findingsOf = undecided.length ? scanServerListing(unique, new Set(undecided.map((t) => t.name))) : new Map<string, Finding[]>();
    const first = !known.has(server);
    const passed: ToolDefinition[] = [];
    for (const tool of unique) {
      const k = key(server, tool.name);
      const hash = hashes.get(tool.name)!;
      const hold = pending.get(k);
      if (pinned.get(k) === hash) {
        passed.push(tool);
        // The server went back to what was approved: nothing left to decide.
        if (hold) superseded.push(hold.id);
        continue;
      }
      if (rejected.get(k)?.has(hash)) {
        if (pinned.has(k)) restore.push({ server, tool: tool.name });
        if (hold) superseded.push(hold.id);
        continue;
      }
      if (hold?.hash === hash) continue;
      const findings = findingsOf.get(tool.name) ?? [];
      if (findings.length === 0 && pinned.get(k) === bareHash(tool)) {
        // A pin from a document (the catalog keeps a trimmed description and an object schema, no
        // title, output schema or annotations) is completed by the first listing it agrees with.
        completed.push({ server, tool, hash });
        passed.push(tool);
        if (hold) superseded.push(hold.id);
        continue;
      }
      if (first && !pinned.has(k) && findings.length === 0) {
        newPins.push({ serverName: server, toolName: tool.name, hash, definition: tool, version: context.versionOf(server), pinnedBy: 'first-sighting' });
        passed.push(tool);
        continue;
      }
      if (hold) superseded.push(hold.id);
      newHolds.push({ server, tool, hash, findings, pinnedHash: pinned.get(k), first });
    }
    accepted.set(server, passed);
    // A held tool the server no longer lists has nothing left to decide (removal needs no approval).
    const listed = new Set(unique.map((t) => t.name));
    for (const [k, hold] of pending) if (k.startsWith(`${server}\0`) && !listed.has(k.slice(server.length + 1))) superseded.push(hold.id);
  }

  const now = new Date();
  for (const part of chunks(superseded)) await tx.update(toolHolds).set({ status: 'superseded', decidedAt: now, decidedBy: 'system' }).where(inArray(toolHolds.id, part));
  for (const part of chunks(newPins)) await tx.insert(toolPins).values(part).onConflictDoNothing();
  for (const c of completed) {
    await tx
      .update(toolPins)
      .set({ hash: c.hash, definition: c.tool, version: context.versionOf(c.server), pinnedBy: 'completed-by-listing', pinnedAt: now })
      .where(and(eq(toolPins.serverName, c.server), eq(toolPins.toolName, c.tool.name)));
  }
  if (completed.length) {
    await appendAuditMany(
      tx,
      completed.map((c) => ({ actor: { kind: 'system' as const }, action: 'tool_pin.complete', target: `${c.server}/${c.tool.name}`, details: { source: context.source } })),
    );
  }

  const needPins = [...restore, ...newHolds.filter((h) => h.pinnedHash).map((h) => ({ server: h.server, tool: h.tool.name }))];
  const pinDefinitions = await pinDefinitionsOf(tx, needPins);
  for (const { server, tool } of restore) {
    const definition = pinDefinitions.get(key(server, tool));
    if (definition) accepted.get(server)!.push(definition);
  }
  const holdRows = newHolds.map((h) => ({
    serverName: h.server,
    toolName: h.tool.name,
    kind: h.pinnedHash ? ('changed' as const) : h.first ? ('first-sighting' as const) : ('new' as const),
    previous: h.pinnedHash ? (pinDefinitions.get(key(h.server, h.tool.name)) ?? null) : null,
    previousHash: h.pinnedHash ?? null,
    proposed: h.tool,
    proposedHash: h.hash,
    findings: h.findings,
    version: context.versionOf(h.server),
    source: context.source,
  }));
  for (const part of chunks(holdRows)) {
    const inserted = await tx
      .insert(toolHolds)
      .values(part)
      .returning({ id: toolHolds.id, server: toolHolds.serverName, tool: toolHolds.toolName, kind: toolHolds.kind, findings: toolHolds.findings });
    await appendAuditMany(
      tx,
      inserted.map((h) => ({
        actor: { kind: 'system' as const },
        action: 'tool_hold.create',
        target: `${h.server}/${h.tool}`,
        details: { hold_id: h.id, kind: h.kind, rules: [...new Set(h.findings.map((f) => f.rule))], source: context.source },
      })),
    );
  }
  return { accepted, wrote: superseded.length + newPins.length + completed.length + holdRows.length > 0 };
}

/** The hash of a listed definition in the form a document keeps it: what a documented pin was made from. */
function bareHash(tool: ToolDefinition): string {
  return definitionHash(documentedDefinition(tool));
}

async function pinDefinitionsOf(tx: Executor, wanted: { server: string; tool: string }[]): Promise<Map<string, ToolDefinition>> {
  const out = new Map<string, ToolDefinition>();
  if (!wanted.length) return out;
  const wantedKeys = new Set(wanted.map((w) => key(w.server, w.tool)));
  const servers = [...new Set(wanted.map((w) => w.server))];
  const names = [...new Set(wanted.map((w) => w.tool))];
  for (const part of chunks(servers)) {
    for (const namePart of chunks(names)) {
      const rows = await tx
        .select({ server: toolPins.serverName, tool: toolPins.toolName, definition: toolPins.definition })
        .from(toolPins)
        .where(and(inArray(toolPins.serverName, part), inArray(toolPins.toolName, namePart)));
      for (const r of rows) if (wantedKeys.has(key(r.server, r.tool))) out.set(key(r.server, r.tool), r.definition);
    }
  }
  return out;
}

/** A gated definition as the tools table stores it (the title stands in for a missing description, as before pins). */
export function storedToolOf(tool: ToolDefinition): { name: string; description: string; inputSchema: Record<string, unknown>; outputSchema: Record<string, unknown> | null } {
  return { name: tool.name, description: tool.description ?? tool.title ?? '', inputSchema: tool.inputSchema, outputSchema: tool.outputSchema ?? null };
}
