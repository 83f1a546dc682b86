import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { upsertSyncedEntries } from '../../db/registry/sync.ts';
import type { ToolInput } from '../../db/registry/tools.ts';
import { toolHolds, tools } from '../../db/schema/index.ts';
import { approveHold } from '../../db/trust/holds.ts';
import { eachDriver } from '../support/database.ts';
import { syncedServer } from '../support/registry-entries.ts';

// The sync's tool writes go in bulk (one read of the stored hashes, JSON-parameter upserts and
// deletes for all servers at once). They must do exactly what the per-server replace did:
// new and changed tools written, unchanged ones untouched, missing ones deleted, the counts
// per server right. On both drivers: Postgres (production) and PGlite (npm start).

const entry = (name: string, list: ToolInput[] | undefined) => syncedServer(name, { launch: { command: 'true' }, tools: list });

const tool = (name: string, description: string, outputSchema?: Record<string, unknown>): ToolInput => ({
  name,
  description,
  inputSchema: { type: 'object', properties: { q: { type: 'string', description: `${name} "quoted" \\ text` } } },
  ...(outputSchema ? { outputSchema } : {}),
});

async function stored(handle: DatabaseHandle) {
  const rows = await handle.db
    .select({ server: tools.serverName, name: tools.name, description: tools.description, input: tools.inputSchema, output: tools.outputSchema, updatedAt: tools.updatedAt })
    .from(tools)
    .where(inArray(tools.serverName, ['sw-a', 'sw-b', 'sw-c']))
    .orderBy(asc(tools.serverName), asc(tools.name));
  return rows;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});


describe.each(eachDriver(cleanups))('the sync writes tools in bulk (%s)', (_driver, open) => {
  it('writes new and changed tools, leaves unchanged ones, deletes missing ones, and counts per server', async () => {
    const handle = await open();
    await handle.migrate();

    const first = await upsertSyncedEntries(handle.db, [
      entry('sw-a', [tool('one', 'first tool'), tool('two', 'second tool', { type: 'object' }), tool('one', 'first tool, listed again')]),
      entry('sw-b', [tool('three', 'third tool')]),
      entry('sw-c', undefined),
    ]);
    expect(first.written.sort()).toEqual(['sw-a', 'sw-b', 'sw-c']);
    expect(first.changedServers.sort()).toEqual(['sw-a', 'sw-b']);
    expect(first.changedTools).toBe(3);
    const rows = await stored(handle);
    expect(rows.map((r) => `${r.server}/${r.name}:${r.description}`)).toEqual(['sw-a/one:first tool, listed again', 'sw-a/two:second tool', 'sw-b/three:third tool']);
    expect(rows[0]!.input).toEqual(tool('one', '').inputSchema);
    expect(rows[0]!.output).toBeNull();
    expect(rows[1]!.output).toEqual({ type: 'object' });

    // Same lists again: nothing changes, not even the rows' times.
    const again = await upsertSyncedEntries(handle.db, [
      entry('sw-a', [tool('one', 'first tool'), tool('two', 'second tool', { type: 'object' }), tool('one', 'first tool, listed again')]),
      entry('sw-b', [tool('three', 'third tool')]),
    ]);
    expect(again).toMatchObject({ changedTools: 0, changedServers: [] });
    expect(await stored(handle)).toEqual(rows);

    // sw-a: one changed, two removed, four added; sw-b untouched; sw-c (tools absent) keeps its none.
    const third = await upsertSyncedEntries(handle.db, [
      entry('sw-a', [tool('one', 'first tool, changed'), tool('four', 'fourth tool')]),
      entry('sw-b', [tool('three', 'third tool')]),
      entry('sw-c', undefined),
    ]);
    // A changed and a new tool of a known server are held, not written (issue 37, db/trust/gate.ts):
    // 'one' leaves the table until approved, 'two' is removed, 'four' waits. Approved, both are written.
    expect(third.changedServers).toEqual(['sw-a']);
    expect(third.changedTools).toBe(2);
    expect((await stored(handle)).map((r) => `${r.server}/${r.name}`)).toEqual(['sw-b/three']);
    const held = await handle.db.select({ id: toolHolds.id }).from(toolHolds).where(eq(toolHolds.status, 'pending'));
    expect(held).toHaveLength(2);
    for (const hold of held) await approveHold(handle.db, hold.id, 'admin');
    const after = await stored(handle);
    expect(after.map((r) => `${r.server}/${r.name}:${r.description}`)).toEqual(['sw-a/four:fourth tool', 'sw-a/one:first tool, changed', 'sw-b/three:third tool']);
    expect(after.find((r) => r.name === 'three')!.updatedAt).toEqual(rows.find((r) => r.name === 'three')!.updatedAt);

    // An empty list removes every tool of the server.
    const emptied = await upsertSyncedEntries(handle.db, [entry('sw-a', [])]);
    expect(emptied).toMatchObject({ changedTools: 2, changedServers: ['sw-a'] });
    expect((await stored(handle)).map((r) => r.name)).toEqual(['three']);
  });
});
