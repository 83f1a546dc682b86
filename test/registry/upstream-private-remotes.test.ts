import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpServers } from '../../db/schema/index.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { SYNC_TIMEOUT_MS, startUpstreamRegistry, startWeatherServer, syncRegistry, useSmallCatalog } from './helpers.ts';

// Issue 33 item 6 (d): remotes listed by an upstream registry were connected with no check at
// all. An upstream registry is a third party: one listing a loopback or private URL must not
// make the worker dial it.
describe('upstream registry remotes at private addresses, private targets off', () => {
  let t: TestApp;
  let weather: Awaited<ReturnType<typeof startWeatherServer>>;

  beforeAll(async () => {
    t = await createTestApp();
    useSmallCatalog(t);
    weather = await startWeatherServer();
  }, SYNC_TIMEOUT_MS);
  afterAll(async () => {
    await weather?.close();
    await t?.close();
  });

  it('keeps the entries, tagged refused-target, and never connects to them', async () => {
    const port = new URL(weather.mcpUrl).port;
    const upstream = await startUpstreamRegistry([
      { name: 'io.github.evil/loopback', description: 'Points at loopback', version: '1.0.0', remotes: [{ type: 'streamable-http', url: weather.mcpUrl }] },
      { name: 'io.github.evil/mapped', description: 'Loopback in disguise', version: '1.0.0', remotes: [{ type: 'streamable-http', url: `http://[::ffff:127.0.0.1]:${port}/mcp` }] },
      { name: 'io.github.evil/named', description: 'A name for loopback', version: '1.0.0', remotes: [{ type: 'sse', url: `http://localhost:${port}/sse` }] },
    ]);
    try {
      const result = await syncRegistry(t, upstream.url);
      // Before the fix the worker dialled all three (the SSE one got a 404: the sync said partial).
      expect(weather.requests).toEqual([]);
      expect(result).toMatchObject({ status: 'completed', upstream_count: 3 });
      for (const name of ['io-github-evil-loopback', 'io-github-evil-mapped', 'io-github-evil-named']) {
        const entry = (await t.app.inject({ method: 'GET', url: `/mcp_registry/${name}` })).json();
        expect(entry, name).toMatchObject({ tools_count: 0, tools_source: 'documentation' });
        expect(entry.tags).toContain('refused-target');
      }
    } finally {
      await upstream.close();
    }
  }, SYNC_TIMEOUT_MS);

  it('refuses at connect time an upstream entry stored with a loopback remote (synced under an earlier rule)', async () => {
    await t.db.insert(mcpServers).values({
      name: 'stale-upstream',
      displayName: 'Stale upstream',
      source: 'upstream',
      launch: { type: 'streamable-http', url: weather.mcpUrl },
    });
    const result = await syncRegistry(t);
    const refreshed = (result.servers_refreshed as { name: string; ok: boolean; error?: string }[]).find((r) => r.name === 'stale-upstream');
    expect(refreshed).toMatchObject({ ok: false, error: 'MCP server "stale-upstream" is unreachable (refused: not a public address)' });
    expect(weather.requests).toEqual([]);
  }, SYNC_TIMEOUT_MS);
});
