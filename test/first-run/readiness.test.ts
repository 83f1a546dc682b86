import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryDocuments } from '../../db/retrieval/tool-documents.ts';
import { READINESS_FRESH_MS } from '../../search/service/readiness.ts';
import { SMALL_CATALOG, SYNC_TIMEOUT_MS, syncRegistry, useSmallCatalog } from '../registry/helpers.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

// GET /health/ready (search/service/readiness.ts) on the whole service: real Postgres, Temporal,
// worker and index. The test catalog is a few real entries of the bundled one (helpers.ts).
interface Ready {
  status: string;
  search: { indexed: number; total: number };
  catalog?: { synced: number; servers: number };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  useSmallCatalog(t);
});
afterAll(() => t?.close());

/** Tools of the small catalog the sync writes (names unique per server). */
function smallCatalogTools(): number {
  const bundled = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'catalog', 'servers.json'), 'utf8')) as { servers: { name: string; tools: { name: string }[] }[] };
  return bundled.servers.filter((s) => SMALL_CATALOG.includes(s.name)).reduce((n, s) => n + new Set(s.tools.map((x) => x.name)).size, 0);
}

/** Asks after the readiness cache window, so each call sees the current state. */
async function ready(): Promise<{ code: number; body: Ready }> {
  await new Promise((resolve) => setTimeout(resolve, READINESS_FRESH_MS + 50));
  const response = await t.app.inject({ method: 'GET', url: '/health/ready' });
  return { code: response.statusCode, body: response.json() as Ready };
}

describe('GET /health/ready', () => {
  it('is 503 "starting" with the catalog still to write, while GET /health (liveness) is 200', async () => {
    const { code, body } = await ready();
    expect(code).toBe(503);
    expect(body).toMatchObject({ status: 'starting', search: { indexed: 0, total: smallCatalogTools() }, catalog: { synced: 0 } });
    expect(body.catalog?.servers).toBe(SMALL_CATALOG.length + 4); // + the four reference servers
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
  });

  it('is 503 "indexing" with progress while registry tools are missing from the index, then 200 "ready", and stays ready', async () => {
    await syncRegistry(t);
    const docs = await registryDocuments(t.db);
    const github = docs.filter((d) => d.server === 'github');
    expect(github.length).toBeGreaterThan(10);
    expect(docs.some((d) => d.server === 'everything' && d.name === 'echo')).toBe(true);

    // The sync wrote and indexed everything; take one server's tools out of the index again.
    await t.search.remove(github.map((d) => d.id));
    const indexing = await ready();
    expect(indexing.code).toBe(503);
    expect(indexing.body).toMatchObject({ status: 'indexing', search: { indexed: docs.length - github.length, total: docs.length } });
    expect(indexing.body.catalog).toEqual({ synced: SMALL_CATALOG.length + 4, servers: SMALL_CATALOG.length + 4 });

    await t.search.upsert(github);
    const done = await ready();
    expect(done.code).toBe(200);
    expect(done.body).toMatchObject({ status: 'ready', search: { indexed: docs.length, total: docs.length } });

    // Ready is about start-up: later index changes are steady-state work.
    await t.search.remove([github[0].id]);
    expect((await ready()).code).toBe(200);
  }, SYNC_TIMEOUT_MS);
});
