import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFile, loadBundledCatalog } from '../../activities/registry/catalog-source.ts';
import { referenceEntries } from '../../activities/registry/reference-entries.ts';
import { fetchUpstreamEntries } from '../../activities/registry/upstream.ts';
import { upsertSyncedEntries } from '../../db/registry/sync.ts';
import { mcpServers } from '../../db/schema/index.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { useSmallCatalog } from './helpers.ts';

// Issue 38 item 3: GET /v0.1/servers and its version routes answer in the official registry's
// format from our registry. Served documents are validated against the official server.json
// schema (fixtures/official-schema, MIT); an imported document comes back as it was published.

const schema = JSON.parse(readFileSync(new URL('./fixtures/official-schema/server.schema.json', import.meta.url), 'utf8')) as object;
const SEED = new URL('./fixtures/official-registry/seed_2025_05_16.json', import.meta.url);
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
const validServerJson = ajv.compile(schema);

/** A server.json as the official registry publishes it today (2025-09-29), with every field we round-trip. */
const published = {
  $schema: 'https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json',
  name: 'io.github.acme/weather',
  description: 'Weather forecasts and current conditions for any city',
  repository: { url: 'https://github.com/acme/weather-mcp', source: 'github', subfolder: 'server' },
  version: '1.4.2',
  websiteUrl: 'https://acme.example/weather',
  packages: [
    {
      registryType: 'npm',
      registryBaseUrl: 'https://registry.npmjs.org',
      identifier: '@acme/weather-mcp',
      version: '1.4.2',
      transport: { type: 'stdio' },
      packageArguments: [{ type: 'named', name: '--units', value: 'metric' }],
      environmentVariables: [{ name: 'WEATHER_API_KEY', description: 'Your key', isRequired: true, isSecret: true }],
    },
  ],
  _meta: { 'io.modelcontextprotocol.registry/publisher-provided': { tool: 'publisher-cli', buildInfo: { commit: 'abc123' } } },
};
// A hostile document claiming our namespace: it must not pass for one of ours.
const impostor = { name: 'dev.switchboard/everything', description: 'Not ours', version: '9.9.9', packages: [{ registryType: 'npm', identifier: 'evil-pkg', version: '1.0.0', transport: { type: 'stdio' } }] };

type ListBody = { servers: Array<{ server: Record<string, unknown>; _meta: Record<string, Record<string, unknown>> }>; metadata: { nextCursor?: string; count: number } };

describe('GET /v0.1/servers: our registry in the official format', () => {
  let t: TestApp;
  const folder = mkdtempSync(join(tmpdir(), 'sb-serve-'));
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const all = async (query = '') => {
    const servers: ListBody['servers'] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const res = await get(`/v0.1/servers?limit=100${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as ListBody;
      servers.push(...body.servers);
      cursor = body.metadata.nextCursor;
      if (!cursor) break;
    }
    return servers;
  };

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    useSmallCatalog(t);
    // The entries the registry sync writes (its own functions, without the workflow around them).
    const { entries: catalog } = loadBundledCatalog(catalogFile(t.config.DATA_DIR));
    await upsertSyncedEntries(t.db, [...catalog, ...referenceEntries()]);
    writeFileSync(join(folder, 'weather.json'), JSON.stringify(published));
    writeFileSync(join(folder, 'impostor.json'), JSON.stringify(impostor));
    const docs = await fetchUpstreamEntries(pathToFileURL(folder).href, 5_000);
    const seed = await fetchUpstreamEntries(pathToFileURL(SEED.pathname).href, 5_000);
    await upsertSyncedEntries(t.db, [...docs.entries, ...seed.entries]);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('serves every entry as a server.json the official schema accepts, ours under dev.switchboard/ with their tools under _meta', async () => {
    const servers = await all();
    expect(servers.length).toBeGreaterThan(400);
    // Ours, the seed's (2025-05 form, served in today's) and the published one: every document valid.
    for (const s of servers) expect(validServerJson(s.server), `${String(s.server.name)}: ${ajv.errorsText(validServerJson.errors)}`).toBe(true);
    // The seed's 2025-05 form is served in today's form, under the name it was published with.
    const whois = servers.find((s) => s.server.name === 'io.github.bharathvaj-ganesan/whois-mcp');
    expect(whois && validServerJson(whois.server), ajv.errorsText(validServerJson.errors)).toBe(true);
    expect(whois?.server.packages).toEqual([expect.objectContaining({ registryType: 'npm', transport: { type: 'stdio' } })]);

    const everything = servers.find((s) => s.server.name === 'dev.switchboard/everything');
    expect(everything?.server.packages).toEqual([expect.objectContaining({ registryType: 'npm', identifier: '@modelcontextprotocol/server-everything' })]);
    const catalogEntry = servers.find((s) => (s._meta['dev.switchboard/registry'] as { source: string }).source === 'catalog' && ((s._meta['dev.switchboard/registry'] as { tools: unknown[] }).tools.length > 0));
    const tools = (catalogEntry?._meta['dev.switchboard/registry'] as { tools: Array<Record<string, unknown>> }).tools;
    expect(tools[0]).toMatchObject({ name: expect.any(String), inputSchema: expect.any(Object), quality: { runs: 0, successRate: null } });
    expect(catalogEntry?._meta['io.modelcontextprotocol.registry/official']).toMatchObject({ status: 'active', isLatest: true });
    // A credential is named, never valued.
    const keyed = servers.find((s) => s.server.name === 'io.github.kukapay/crypto-sentiment-mcp');
    expect(JSON.stringify(keyed?.server)).toContain('API_KEY');
  });

  it('round-trips an imported document: the server.json comes back as it was published, plus _meta', async () => {
    const res = await get(`/v0.1/servers/${encodeURIComponent('io.github.acme/weather')}/versions/1.4.2`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ListBody['servers'][number];
    expect(body.server).toEqual(published);
    expect(validServerJson(body.server), ajv.errorsText(validServerJson.errors)).toBe(true);
    expect(body._meta['dev.switchboard/registry']).toMatchObject({ name: 'io-github-acme-weather', source: 'upstream', tools: [] });
    expect((await get(`/v0.1/servers/${encodeURIComponent('io.github.acme/weather')}/versions/latest`)).json()).toEqual(body);
    const versions = (await get(`/v0.1/servers/io.github.acme%2Fweather/versions`)).json() as ListBody;
    expect(versions.servers.map((s) => s.server)).toEqual([published]);
    expect(versions.metadata.count).toBe(1);
  });

  it('never serves an imported document under our namespace', async () => {
    const ours = (await get(`/v0.1/servers/${encodeURIComponent('dev.switchboard/everything')}/versions/latest`)).json() as ListBody['servers'][number];
    expect(ours._meta['dev.switchboard/registry']).toMatchObject({ source: 'reference', name: 'everything' });
    const named = (await all('&search=dev.switchboard/everything')).map((s) => s._meta['dev.switchboard/registry']?.source);
    expect(named).toEqual(['reference']);
    const renamed = await all('&search=dev-switchboard-everything');
    expect(renamed.map((s) => s.server.name)).toEqual(['dev.switchboard/dev-switchboard-everything']);
    expect(renamed[0]?.server.packages).toEqual([expect.objectContaining({ identifier: 'evil-pkg' })]);
  });

  it('pages by cursor without loss or repeat, and filters by search, version and updated_since', async () => {
    const whole = (await all()).map((s) => s.server.name);
    const paged: unknown[] = [];
    let cursor: string | undefined;
    do {
      const body = (await get(`/v0.1/servers?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).json() as ListBody;
      expect(body.metadata.count).toBe(body.servers.length);
      expect(body.servers.length).toBeLessThanOrEqual(7);
      paged.push(...body.servers.map((s) => s.server.name));
      cursor = body.metadata.nextCursor;
    } while (cursor);
    expect(paged).toEqual(whole);
    expect(new Set(paged).size).toBe(paged.length);
    expect(((await get('/v0.1/servers')).json() as ListBody).servers).toHaveLength(30);

    const weather = await all('&search=ACME%2FWeath');
    expect(weather.map((s) => s.server.name)).toEqual(['io.github.acme/weather']);
    expect((await all('&version=1.4.2&search=acme')).map((s) => s.server.name)).toEqual(['io.github.acme/weather']);
    expect(await all('&version=0.0.0-none&search=acme')).toEqual([]);
    expect((await all('&version=latest')).length).toBe(whole.length);
    expect(await all(`&updated_since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    expect((await all(`&updated_since=2020-01-01T00:00:00Z`)).length).toBe(whole.length);
  });

  it("answers bad input with 400 and unknown names with 404, in the official API's {error} form", async () => {
    for (const url of ['/v0.1/servers?cursor=not-a-cursor', '/v0.1/servers?cursor=' + Buffer.from('{"after":5}').toString('base64url'), '/v0.1/servers?limit=0', '/v0.1/servers?limit=101', '/v0.1/servers?limit=abc', '/v0.1/servers?updated_since=yesterday', `/v0.1/servers?search=${'a'.repeat(201)}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    for (const url of [`/v0.1/servers/${encodeURIComponent('io.github.nobody/nothing')}/versions`, `/v0.1/servers/${encodeURIComponent('io.github.acme/weather')}/versions/1.0.0`, '/v0.1/servers/io.github.acme/weather/versions']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: expect.any(String) });
    }
    // A custom server (a user's own) is never published.
    const user = await t.createUser();
    // Written as the custom-server service stores one (its URL check would need DNS for a test host).
    await t.db.insert(mcpServers).values({ name: 'my-private-thing', displayName: 'Mine', source: 'custom', ownerUserId: user.user.id, launch: { type: 'streamable-http', url: 'https://example.com/mcp' } });
    expect(await all('&search=my-private-thing')).toEqual([]);
  });
});
