import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRegistrySync } from '../../api/services/registry/sync.ts';
import { TOOL_HARVEST_WORKFLOW, workflowArgs } from '../../contracts/index.ts';
import type { ToolHarvestOutput } from '../../contracts/index.ts';
import { mcpServers, toolPins, tools } from '../../db/schema/index.ts';
import { startNpmRegistryStub } from '../support/npm-registry-stub.ts';
import type { NpmRegistryStub } from '../support/npm-registry-stub.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { packHarvestServer, packageDocument } from './harvest-helpers.ts';
import { useSmallCatalog } from './helpers.ts';

// Issue 38 item 2: an imported server.json names a package, not its tools. The harvest starts
// each imported package with no tools in the sandbox (installed from npm: a registry stub at the
// network edge), lists its tools through the pin check, and indexes them so retrieval ranks
// them; never with a real credential: a server that needs its real key lists nothing and keeps none.

const OPEN = 'sb-harvest-tides';
const KEYED = 'sb-harvest-keyed';

describe('the tool harvest of imported servers', { timeout: 300_000 }, () => {
  let t: TestApp;
  let registry: NpmRegistryStub;
  let fixture: Awaited<ReturnType<typeof packHarvestServer>>;
  const folder = mkdtempSync(join(tmpdir(), 'sb-harvest-docs-'));

  beforeAll(async () => {
    fixture = await packHarvestServer([OPEN, KEYED]);
    registry = await startNpmRegistryStub(fixture.packages);
    t = await createTestApp({ env: { NPM_REGISTRY_URL: registry.url } });
    useSmallCatalog(t);
    writeFileSync(join(folder, 'tides.json'), JSON.stringify(packageDocument('io.github.test/tides', OPEN)));
    writeFileSync(
      join(folder, 'keyed.json'),
      JSON.stringify(packageDocument('io.github.test/keyed-tides', KEYED, [{ name: 'HARVEST_NEEDS_KEY', value: '1' }, { name: 'API_KEY', isRequired: true, isSecret: true }])),
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await registry?.close();
    fixture?.cleanup();
    rmSync(folder, { recursive: true, force: true });
  });

  it('lists the tools of an imported package from a sandboxed instance, pins them, and retrieval ranks them', async () => {
    // A user's real key for the keyed server: the harvest must never use it.
    const user = await t.createUser({ plan: 'pro' });
    const sync = await runRegistrySync({ client: t.temporal.client, taskQueue: t.taskQueue }, { upstreamUrl: pathToFileURL(folder).href, requestedBy: 'test' });
    expect(sync.upstream_count).toBe(2);
    const keyed = await t.app.inject({ method: 'PUT', url: '/mcp_servers/io-github-test-keyed-tides/credentials', headers: user.headers, payload: { values: { API_KEY: 'real-secret-123' } } });
    expect(keyed.statusCode, keyed.body).toBe(200);
    expect(sync.harvest_workflow_id).toBeDefined();
    const harvest = (await t.temporal.client.workflow.getHandle(sync.harvest_workflow_id!).result()) as ToolHarvestOutput;

    expect(harvest.results.map((r) => [r.server, r.ok, r.toolCount])).toEqual([
      ['io-github-test-keyed-tides', false, 0],
      ['io-github-test-tides', true, 2],
    ]);
    const listed = await t.db.select().from(tools).where(inArray(tools.serverName, ['io-github-test-tides', 'io-github-test-keyed-tides']));
    expect(listed.map((r) => `${r.serverName}/${r.name}`).sort()).toEqual(['io-github-test-tides/restart', 'io-github-test-tides/tide_tables']);
    const [row] = await t.db.select().from(mcpServers).where(eq(mcpServers.name, 'io-github-test-tides'));
    expect(row?.toolsSource).toBe('tools/list');
    expect(row?.harvestedAt).toBeInstanceOf(Date);
    // Through the pin check: pinned like any first listing, and served under our _meta.
    const pins = await t.db.select().from(toolPins).where(eq(toolPins.serverName, 'io-github-test-tides'));
    expect(pins.map((p) => p.toolName).sort()).toEqual(['restart', 'tide_tables']);
    const served = await t.app.inject({ method: 'GET', url: '/v0.1/servers/io.github.test%2Ftides/versions/latest' });
    expect((served.json() as { _meta: Record<string, { tools: Array<{ name: string }> }> })._meta['dev.switchboard/registry']?.tools.map((x) => x.name)).toEqual(['restart', 'tide_tables']);
    // Installed from the registry at the edge, once for each package.
    expect(registry.tarballRequests.get(OPEN)).toBe(1);

    const found = await t.app.inject({ method: 'GET', url: `/v2/retrieve_tools?query=${encodeURIComponent('high and low water times at a harbour')}&top_k=5`, headers: user.headers });
    expect(found.statusCode, found.body).toBe(200);
    const names = (found.json() as { tools: Array<{ tool_name?: string; name?: string }> }).tools.map((x) => x.tool_name ?? x.name);
    expect(names[0], found.body).toMatch(/tide_tables/);
  });

  it('tries each server once: a rerun finds nothing to harvest', async () => {
    const again = (await t.temporal.client.workflow.execute(TOOL_HARVEST_WORKFLOW, {
      taskQueue: t.taskQueue,
      workflowId: `harvest-again-${Date.now()}`,
      args: workflowArgs(TOOL_HARVEST_WORKFLOW, {}),
    })) as ToolHarvestOutput;
    expect(again).toEqual({ harvested: 0, failed: 0, results: [] });
  });
});
