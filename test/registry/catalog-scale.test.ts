import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { SYNC_TIMEOUT_MS, syncRegistry } from './helpers.ts';

// The full bundled catalog through the sync. Its search re-index (8,000+ tools to embed) is
// cancelled at once: it would take minutes and is covered on a small catalog elsewhere.
describe('registry sync of the full bundled catalog', () => {
  let t: TestApp;
  let sync: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    sync = await syncRegistry(t, undefined, { waitForIndex: false });
    const reindex = sync.reindex_workflow_id as string | undefined;
    if (reindex) await t.temporal.client.workflow.getHandle(reindex).cancel();
  }, SYNC_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('answers once the registry is written, with the re-index started on its own', () => {
    expect(sync).toMatchObject({ status: 'completed', reindex_workflow_id: expect.any(String) });
    expect(sync.catalog_count).toBeGreaterThanOrEqual(150);
  });

  it('covers all nine categories and thousands of tools, credentials by name only', async () => {
    const categories = (await t.app.inject({ method: 'GET', url: '/tools/categories' })).json();
    for (const category of categories.categories) expect(category.server_count, category.name).toBeGreaterThan(0);
    const tools = (await t.app.inject({ method: 'GET', url: '/tools?limit=1' })).json();
    expect(tools.total).toBeGreaterThanOrEqual(1500);
    const github = (await t.app.inject({ method: 'GET', url: '/mcp_registry/github' })).json();
    expect(github).toMatchObject({ category: 'version-control', authentication: { type: 'token', required: true, env_var: expect.any(String) } });
    expect(github.tools.length).toBeGreaterThan(10);
    const packs = (await t.app.inject({ method: 'GET', url: '/packs' })).json();
    expect(packs.packs.find((p: { id: string }) => p.id === 'source-control')?.servers).toEqual(expect.arrayContaining(['github', 'gitlab']));
    const page = (await t.app.inject({ method: 'GET', url: '/mcp_registry?category=databases&limit=5' })).json();
    expect(page.servers).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
  });
});
