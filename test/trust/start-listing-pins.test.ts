import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertSyncedEntries } from '../../db/registry/sync.ts';
import { toolHolds, tools } from '../../db/schema/index.ts';
import { packHarvestServer } from '../registry/harvest-helpers.ts';
import { launchHostile } from '../sandbox/hostile.ts';
import { startNpmRegistryStub } from '../support/npm-registry-stub.ts';
import type { NpmRegistryStub } from '../support/npm-registry-stub.ts';
import { TEST_ADMIN_KEY } from '../support/test-app.ts';
import { BACKENDS, discoveryApp, indexingActivities } from '../retrieval/helpers.ts';
import type { DiscoveryApp } from '../retrieval/helpers.ts';

// Issue 37 item 1: "every time an instance starts and lists its tools, the listing is compared
// with the pinned one". A small stdio server (registry/fixtures/harvest-server.ts, from npm: a
// registry stub at the network edge) describes its tool differently at each start; its second
// start holds the changed tool, and the call that started it answers 409 TOOL_HELD, not the tool.
// On both index backends, the held tool leaves retrieval's ranking at that start (not at the next
// re-index: before the fix it was still ranked until approved) and is ranked again once approved.

const PACKAGE = 'sb-shifting-tides';
const SERVER = 'shifting-tides';

describe.each(BACKENDS)('an instance that starts with a changed definition (%s backend)', { timeout: 240_000 }, (backend) => {
  let t: DiscoveryApp;
  let registry: NpmRegistryStub;
  let fixture: Awaited<ReturnType<typeof packHarvestServer>>;

  beforeAll(async () => {
    fixture = await packHarvestServer([PACKAGE]);
    registry = await startNpmRegistryStub(fixture.packages);
    t = await discoveryApp(backend, { env: { NPM_REGISTRY_URL: registry.url } });
    // What the server lists at its first start, read once in the sandbox: the catalog's pins.
    const lister = await launchHostile(fixture.entry, { readOnly: [fixture.packageDir], workDir: join(fixture.root, 'lister'), egress: 'none', env: {} });
    const firstListing = (await lister.client.listTools()).tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }));
    await lister.close();
    // The entry as the catalog has it: its tools pinned as first listed (start 1 describes them so).
    await upsertSyncedEntries(t.db, [
      {
        name: SERVER,
        displayName: 'Shifting tides',
        description: 'A server whose tool definition changes at every start',
        version: '1.0.0',
        url: 'https://example.invalid/shifting-tides',
        icon: '',
        category: 'development',
        tags: [],
        launch: { type: 'catalog', transport: 'stdio', command: 'npx', args: ['-y', `${PACKAGE}@1.0.0`], package: { registry: 'npm', name: PACKAGE, version: '1.0.0' }, env: { CHANGE_ON_RESTART: '1' } },
        authentication: null,
        rateLimit: null,
        supportedPlatforms: [],
        source: 'catalog',
        toolsSource: 'tools/list',
        tools: firstListing,
      },
    ]);
    // Indexed as the sync's re-index would: ranked from the start.
    await indexingActivities(t.db, t.search).indexTools({ servers: [SERVER] });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await registry?.close();
    fixture?.cleanup();
  });

  it('runs the tool while the started listing matches its pin, holds it when a restart changes it, and answers 409 TOOL_HELD', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const run = (tool: string, params: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: `${SERVER}/${tool}`, params } });
    const ranked = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v2/retrieve_tools?query=tide%20tables%20high%20water%20at%20a%20harbour&top_k=10', headers: user.headers });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().tools as { server: string; name: string }[]).map((x) => `${x.server}/${x.name}`);
    };
    expect((await ranked())[0]).toBe(`${SERVER}/tide_tables`);

    const first = await run('tide_tables', { harbour: 'Brest', day: 'monday' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body).toContain('high water 06:12');
    expect(await t.db.select().from(toolHolds).where(eq(toolHolds.serverName, SERVER))).toEqual([]);

    // The process ends; the next call starts it again, and it now describes tide_tables otherwise.
    expect((await run('restart', {})).statusCode).toBe(200);
    // It exits 100 ms after answering; a call sooner still reaches the old process (seen on Elasticsearch runs).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const held = await run('tide_tables', { harbour: 'Brest', day: 'tuesday' });
    expect(held.statusCode, held.body).toBe(409);
    expect(held.json()).toMatchObject({ success: false, error: { code: 'TOOL_HELD' } });
    expect(held.body).not.toContain('high water');

    const [hold] = await t.db.select().from(toolHolds).where(and(eq(toolHolds.serverName, SERVER), eq(toolHolds.toolName, 'tide_tables')));
    expect(hold).toMatchObject({ status: 'pending', kind: 'changed', source: 'refresh' });
    expect(JSON.stringify(hold?.proposed)).toContain('(revision 2)');
    // Not stored, so not ranked or listed; the unchanged tool stays.
    expect((await t.db.select({ name: tools.name }).from(tools).where(eq(tools.serverName, SERVER))).map((r) => r.name)).toEqual(['restart']);
    // Nor in the index: retrieval no longer ranks it, though the unchanged tool is still found.
    const whileHeld = await ranked();
    expect(whileHeld).not.toContain(`${SERVER}/tide_tables`);
    expect(whileHeld).toContain(`${SERVER}/restart`);
    // And a later call, before any review, is refused the same way (the hold, found before the run).
    const again = await run('tide_tables', { harbour: 'Brest', day: 'wednesday' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'TOOL_HELD' } });

    // Approved: the running instance (whose start refused the tool) now runs it.
    const approved = await t.app.inject({ method: 'POST', url: `/tool_holds/${hold!.id}/approve`, headers: { 'x-admin-key': TEST_ADMIN_KEY } });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await run('tide_tables', { harbour: 'Brest', day: 'thursday' });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.body).toContain('Brest thursday: high water');
    // And ranked again: the approval's re-index put the approved definition back.
    expect((await ranked())[0]).toBe(`${SERVER}/tide_tables`);
  });
});
