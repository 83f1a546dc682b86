import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { recordListedTools } from '../../db/registry/runtime.ts';
import { mcpServers, toolHolds, toolPins, tools } from '../../db/schema/index.ts';
import { approveHold } from '../../db/trust/holds.ts';
import { cachedGate } from '../../db/trust/pin-cache.ts';
import { eachDriver } from '../support/database.ts';

// Issue 37: the pin check answers an unchanged refresh from an in-process cache, valid while the
// server's pins_version is what it saw. Pins and holds written past the gate (another process's
// approval, a plain SQL write) must renew that version, or a refresh would serve a stale verdict:
// hold a tool that was approved, or pass one whose pin changed.

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const schema = { type: 'object', properties: { a: { type: 'number' } } };
/** Fresh objects every time, as a tools/list parsed from the wire gives them. */
const listing = (addDescription: string) => [
  { name: 'add', description: addDescription, inputSchema: schema },
  { name: 'sub', description: 'Subtracts two numbers.', inputSchema: schema },
];
const stored = async (handle: DatabaseHandle, server: string) =>
  (await handle.db.select({ name: tools.name, description: tools.description }).from(tools).where(eq(tools.serverName, server))).map((t) => `${t.name}: ${t.description}`).sort();
const pinsVersion = async (handle: DatabaseHandle, server: string) =>
  (await handle.db.select({ v: mcpServers.pinsVersion }).from(mcpServers).where(eq(mcpServers.name, server)))[0]!.v;

describe.each(eachDriver(cleanups))('pin check cache (%s)', (_driver, open) => {
  it('answers an unchanged listing from the cache, and never past a change another writer made', async () => {
    const handle = await open();
    await handle.migrate();
    const { db } = handle;
    const server = `cache-${Date.now()}`;
    await db.insert(mcpServers).values({ name: server, displayName: server });
    const refresh = (description: string) => recordListedTools(db, server, listing(description), new Date());

    // First sighting pins both (a write: a new version); the next refresh reads and remembers.
    await refresh('Adds two numbers.');
    await refresh('Adds two numbers.');
    const version = await pinsVersion(handle, server);
    expect(cachedGate(server, version, JSON.stringify(listing('Adds two numbers.')))).toHaveLength(2);
    await refresh('Adds two numbers.');
    expect(await stored(handle, server)).toEqual(['add: Adds two numbers.', 'sub: Subtracts two numbers.']);

    // A pin changed past the gate (plain SQL, as another process's approval would): the same listing now differs from it.
    const other = { name: 'add', description: 'Adds two numbers, rounding.', inputSchema: schema, title: null, outputSchema: null, annotations: null };
    await db.update(toolPins).set({ hash: 'f'.repeat(64), definition: other }).where(and(eq(toolPins.serverName, server), eq(toolPins.toolName, 'add')));
    expect(await pinsVersion(handle, server)).not.toBe(version);
    await refresh('Adds two numbers.');
    expect(await stored(handle, server)).toEqual(['sub: Subtracts two numbers.']);
    const [hold] = await db.select().from(toolHolds).where(and(eq(toolHolds.serverName, server), eq(toolHolds.status, 'pending')));
    expect(hold).toMatchObject({ toolName: 'add', kind: 'changed' });

    // The held verdict is remembered; approving the hold must end it at the next refresh.
    await refresh('Adds two numbers.');
    expect(await stored(handle, server)).toEqual(['sub: Subtracts two numbers.']);
    await approveHold(db, hold!.id, 'admin');
    await refresh('Adds two numbers.');
    expect(await stored(handle, server)).toEqual(['add: Adds two numbers.', 'sub: Subtracts two numbers.']);

    // Renaming the server (cascading into its pins) renews the version of the renamed row.
    const before = await pinsVersion(handle, server);
    await db.update(mcpServers).set({ name: `${server}-renamed` }).where(eq(mcpServers.name, server));
    expect(await pinsVersion(handle, `${server}-renamed`)).not.toBe(before);
  });
});
