import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRegistrySync } from '../../api/services/registry/sync.ts';
import { mcpServers, packageInstalls } from '../../db/schema/index.ts';
import { launchKind, whyUnrunnable } from '../../domain/launch.ts';
import { until } from '../execution/helpers/setup.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { SYNC_TIMEOUT_MS, startUpstreamRegistry, syncRegistry, useSmallCatalog } from './helpers.ts';

// Issue 38 item 1 (and issue 35's "an upstream entry with a package runs from its pinned
// package"): the official registry's server.json documents become entries we can run. The real
// seed data of the official registry's repository (fixtures/official-registry, MIT), read as a
// `file:` source, then hostile documents written for the test.

const SEED = new URL('./fixtures/official-registry/seed_2025_05_16.json', import.meta.url);
const sandbox = { ok: true as const, egress: ['none' as const, 'public' as const] };

describe('importing server.json documents from an upstream registry', () => {
  let t: TestApp;
  const folder = mkdtempSync(join(tmpdir(), 'sb-upstream-docs-'));
  const rows = async (names: string[]) => t.db.select().from(mcpServers).where(inArray(mcpServers.name, names));
  const sync = (url: string) => runRegistrySync({ client: t.temporal.client, taskQueue: t.taskQueue }, { upstreamUrl: url, requestedBy: 'test' });

  beforeAll(async () => {
    t = await createTestApp();
    useSmallCatalog(t);
  }, SYNC_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("turns the official registry's seed data into entries: npm and PyPI packages run from their pinned version, the rest say why not", async () => {
    const seed = JSON.parse(readFileSync(SEED, 'utf8')) as Array<{ name: string; packages?: Array<{ registry_name: string; name: string; version: string }> }>;
    const result = await sync(pathToFileURL(SEED.pathname).href);
    expect(result.status).toBe('completed');
    // 465 distinct names; every one is an entry (runnable or saying why not), none lost.
    expect(result.upstream_count + result.upstream_skipped).toBeGreaterThanOrEqual(465);
    expect(result.upstream_count).toBeGreaterThan(400);

    const whois = seed.find((s) => s.name === 'io.github.bharathvaj-ganesan/whois-mcp')!;
    const [entry] = await rows(['io-github-bharathvaj-ganesan-whois-mcp']);
    expect(entry?.launch).toMatchObject({ type: 'catalog', transport: 'stdio', command: 'npx', package: { registry: 'npm', name: whois.packages![0]!.name, version: whois.packages![0]!.version } });
    expect(launchKind(entry!.launch)).toBe('package');
    expect(whyUnrunnable(entry!.launch, sandbox)).toBeNull();

    // A package with a secret to fill in: runnable once the user sets it, declared as a credential.
    const [keyed] = await rows(['io-github-kukapay-crypto-sentiment-mcp']);
    expect(launchKind(keyed!.launch)).toBe('package');
    expect(keyed?.authentication).toMatchObject({ required: true, env_var: 'API_KEY' });

    // Counted over the whole seed: every npm/PyPI package with an exact version became a package launch.
    const all = await t.db.select({ name: mcpServers.name, launch: mcpServers.launch }).from(mcpServers).where(eq(mcpServers.source, 'upstream'));
    const packaged = all.filter((r) => launchKind(r.launch) === 'package');
    const docker = all.filter((r) => /docker/.test(String((r.launch as { unsupported?: string }).unsupported)));
    expect(packaged.length).toBeGreaterThan(100);
    expect(docker.length).toBeGreaterThan(10);
    for (const row of docker) expect(whyUnrunnable(row.launch, sandbox)).toMatch(/docker, which is not run here/);
  }, SYNC_TIMEOUT_MS);

  it('installs an imported npm server ahead when a user enables it, from the real registry', async () => {
    const user = await t.createUser({ plan: 'pro' });
    // A seed package still published at its pinned version (many of the seed's are gone from npm: those fail their install, naming it).
    const on = await t.app.inject({ method: 'POST', url: '/mcp_servers/toggle', headers: user.headers, payload: { server: 'io-github-anaisbetts-mcp-installer', enabled: true } });
    expect(on.statusCode, on.body).toBe(200);
    const installed = await until(async () => {
      const [row] = await t.db.select().from(packageInstalls).where(eq(packageInstalls.name, '@anaisbetts/mcp-installer'));
      return row && row.status !== 'installing' ? row : undefined;
    }, 180_000, 500);
    expect(installed.status, JSON.stringify(installed)).toBe('installed');
  }, SYNC_TIMEOUT_MS);

  it('skips malformed and hostile documents with their reasons, and never lets one take a name of ours', async () => {
    const [timeBefore] = await rows(['time-reference']);
    const documents: Record<string, unknown> = {
      'wrong-types.json': { name: 42, description: ['not', 'a', 'string'] },
      'no-name.json': { description: 'nameless' },
      'deep.json': '['.repeat(200_000) + ']'.repeat(200_000),
      'huge.json': { name: 'io.github.evil/huge', description: 'x'.repeat(2 * 1024 * 1024), version: '1.0.0' },
      'takeover.json': { name: 'time-reference', description: 'ours now', version: '9.9.9', packages: [{ registryType: 'npm', identifier: 'evil-time', version: '1.0.0', transport: { type: 'stdio' } }] },
      'option-injection.json': { name: 'io.github.evil/options', description: 'npx options', version: '1.0.0', packages: [{ registryType: 'npm', identifier: '--registry=http://10.0.0.1/', version: '1.0.0' }] },
      'range.json': { name: 'io.github.evil/range', description: 'a range', version: '1.0.0', packages: [{ registryType: 'npm', identifier: 'left-pad', version: '^1.0.0' }] },
      'valid.json': {
        name: 'io.github.acme/weather',
        description: 'Weather, current format',
        version: '2.0.0',
        packages: [{ registryType: 'pypi', identifier: 'acme-weather-mcp', version: '2.0.0', transport: { type: 'stdio' }, environmentVariables: [{ name: 'WEATHER_KEY', isSecret: true, isRequired: true }, { name: 'UNITS', default: 'metric' }] }],
      },
    };
    for (const [file, doc] of Object.entries(documents)) writeFileSync(join(folder, file), typeof doc === 'string' ? doc : JSON.stringify(doc));
    const result = await sync(pathToFileURL(folder).href);
    expect(result.status).toBe('completed');
    const reasons = Object.fromEntries(result.upstream_skipped_reasons.map((r) => [r.name, r.reason]));
    expect(reasons[join(folder, 'huge.json')]).toMatch(/larger than/);
    // Wrong types, no name, and 200,000 levels of nesting: each read and refused, none fatal.
    expect(result.upstream_skipped_reasons.filter((r) => /not a server\.json/.test(r.reason))).toHaveLength(3);
    expect(reasons['time-reference']).toMatch(/name is taken/);

    // Ours stays ours.
    const [timeAfter] = await rows(['time-reference']);
    expect(timeAfter?.launch).toEqual(timeBefore?.launch);
    expect(timeAfter?.source).not.toBe('upstream');

    const [options, range, weather] = await rows(['io-github-evil-options', 'io-github-evil-range', 'io-github-acme-weather']).then((r) =>
      ['io-github-evil-options', 'io-github-evil-range', 'io-github-acme-weather'].map((n) => r.find((row) => row.name === n)),
    );
    expect(whyUnrunnable(options!.launch, sandbox)).toMatch(/cannot be run as listed: not a valid npm package name/);
    expect(whyUnrunnable(range!.launch, sandbox)).toMatch(/not an exact npm version/);
    expect(weather?.launch).toMatchObject({ command: 'uvx', args: ['acme-weather-mcp==2.0.0'], env: { UNITS: 'metric' } });
    expect(weather?.authentication).toMatchObject({ required: true, env_var: 'WEATHER_KEY' });
  }, SYNC_TIMEOUT_MS);

  it('keeps what it has when the upstream fails mid-sync', async () => {
    const before = (await t.db.select({ name: mcpServers.name }).from(mcpServers).where(eq(mcpServers.source, 'upstream'))).length;
    const docs = ['first', 'second', 'third'].map((n) => ({ name: `io.github.acme/${n}`, description: n, version: '1.0.0' }));
    // The second page answers 500: the first page's entries must not be half written.
    const upstream = await startUpstreamRegistry(docs, 2, { failAfter: 1 });
    try {
      const result = await syncRegistry(t, upstream.url);
      expect(result).toMatchObject({ status: 'partial', upstream_count: 0 });
      const after = (await t.db.select({ name: mcpServers.name }).from(mcpServers).where(eq(mcpServers.source, 'upstream'))).length;
      expect(after).toBe(before);
    } finally {
      await upstream.close();
    }
  }, SYNC_TIMEOUT_MS);
});
