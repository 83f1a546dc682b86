import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageInstallWorkflowId } from '../../contracts/index.ts';
import { findPackageInstall } from '../../db/packages/installs.ts';
import { upsertSyncedEntries } from '../../db/registry/sync.ts';
import { packageStoreDir } from '../../platform/config.ts';
import { syncedServer } from '../support/registry-entries.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { catalogEntry, NPM_SERVER } from './helpers.ts';

// Issue 35 item 1, "the install can also be started ahead, when a user enables the server":
// POST /mcp_servers/toggle on a catalog server whose launch pins a package starts its install
// on the worker, which lands in the worker's store (PACKAGE_STORE_DIR, default <DATA_DIR>/packages).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('enabling a catalog server', () => {
  it('installs its package ahead, once for two enables', async () => {
    const entry = catalogEntry(NPM_SERVER);
    // As the registry sync stores a catalog launch (activities/registry/catalog-source.ts).
    const launch = { ...entry.launch, type: 'catalog', transport: 'stdio' };
    await upsertSyncedEntries(t.db, [syncedServer('time-ahead', { launch })]);
    const { headers } = await t.createUser();
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/mcp_servers/toggle', headers, payload: { server: 'time-ahead', enabled: true } });
      expect(res.statusCode).toBe(200);
    }
    const handle = t.temporal.client.workflow.getHandle(packageInstallWorkflowId(entry.launch.package, t.taskQueue));
    const result = (await handle.result()) as { alreadyInstalled: boolean; integrity: string };
    expect(result.integrity).toMatch(/^sha512-/);
    expect(existsSync(path.join(packageStoreDir(t.config), 'npm', 'time-mcp@1.0.6', '.switchboard-package.json'))).toBe(true);
    expect(await findPackageInstall(t.db, entry.launch.package)).toMatchObject({ status: 'installed' });
  }, 180_000);

  it('starts nothing for a server without a package', async () => {
    await upsertSyncedEntries(t.db, [syncedServer('plain-ahead')]);
    const { headers } = await t.createUser();
    const on = await t.app.inject({ method: 'POST', url: '/mcp_servers/toggle', headers, payload: { server: 'plain-ahead', enabled: true } });
    expect(on.statusCode).toBe(200);
    const list = t.temporal.client.workflow.list({ query: `TaskQueue = '${t.taskQueue}' AND WorkflowType = 'packageInstallWorkflow'` });
    const ids: string[] = [];
    for await (const run of list) ids.push(run.workflowId);
    // Only the install of the test above: none for plain-ahead, whose launch pins no package.
    expect(ids.filter((id) => !id.startsWith('package:npm:time-mcp@1.0.6:'))).toEqual([]);
  });
});
