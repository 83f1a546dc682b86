// npm run catalog:harvest [-- --only a,b] [--retry-failed] [--fresh] [--concurrency 2]
// Installs each seeded MCP server package in a sandbox, records its tools and writes
// catalog/servers.json. See catalog/README.md for the rules it follows.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { catalogFileSchema, type CatalogEntry } from '../catalog/schema.ts';
import { deriveName } from './catalog/build-entry.ts';
import { harvestOne, type HarvestResult } from './catalog/harvest-one.ts';
import { mapPool } from './catalog/pool.ts';
import { readCached, writeCached } from './catalog/results-cache.ts';
import { HARVEST_ROOT } from './catalog/sandbox.ts';
import { SEEDS } from './catalog/seeds.ts';
import { summarize } from './catalog/summary.ts';
import { writeCatalog } from './catalog/write-catalog.ts';

const { values: flags } = parseArgs({
  options: {
    only: { type: 'string' },
    'retry-failed': { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '3' },
  },
});
// The machine has two shared cores; more than three servers starting at once only
// makes start-up timeouts more likely.
const concurrency = Math.min(3, Math.max(1, Number(flags.concurrency) || 3));
const only = flags.only?.split(',').map((s) => s.trim()).filter(Boolean);

// Names are fixed before harvesting so the cache key and the catalog agree.
const names = new Map<string, string>();
const taken = new Set<string>();
for (const seed of SEEDS) {
  let name = seed.name ?? deriveName(seed.pkg);
  if (taken.has(name)) name = `${name}-${(/^@([^/]+)\//.exec(seed.pkg)?.[1] ?? seed.registry).toLowerCase()}`;
  if (taken.has(name)) throw new Error(`duplicate catalog name ${name} (${seed.pkg}): give the seed a name`);
  taken.add(name);
  names.set(`${seed.registry}:${seed.pkg}`, name);
}

let done = 0;
const results: HarvestResult[] = await mapPool(SEEDS, concurrency, async (seed) => {
  const name = names.get(`${seed.registry}:${seed.pkg}`) ?? seed.pkg;
  const cached = flags.fresh ? undefined : readCached(seed, name);
  const selected = !only || only.some((o) => seed.pkg.includes(o) || name === o);
  let result = cached;
  // --retry-failed also retries documentation-only entries: a fixed seed may now list live.
  const retry = flags['retry-failed'] && (!cached?.ok || cached.entry?.tools_source === 'documentation');
  if (selected && (!cached || retry || only)) {
    result = await harvestOne(seed, name);
    writeCached(seed, name, result);
  }
  done++;
  if (result && selected) {
    const what = result.ok ? `${result.entry?.tools.length} tools (${result.entry?.tools_source})` : `FAILED ${(result.error ?? '').split('\n')[0].slice(0, 100)}`;
    process.stdout.write(`[${done}/${SEEDS.length}] ${seed.registry}:${seed.pkg} ${what} ${result === cached ? '(cached)' : `${result.seconds}s`}\n`);
  }
  return result ?? { pkg: seed.pkg, registry: seed.registry, ok: false, error: 'not harvested yet', seconds: 0 };
});

const entries: CatalogEntry[] = results.flatMap((r) => (r.ok && r.entry ? [r.entry] : [])).sort((a, b) => a.name.localeCompare(b.name));
const file = catalogFileSchema.parse({ servers: entries });
const target = path.resolve(import.meta.dirname, '../catalog/servers.json');
writeCatalog(target, file);
mkdirSync(HARVEST_ROOT, { recursive: true });
writeFileSync(path.join(HARVEST_ROOT, 'report.json'), JSON.stringify(results.map(({ entry, ...rest }) => ({ ...rest, tools: entry?.tools.length })), null, 2));
process.stdout.write(summarize(entries, results));
process.stdout.write(`wrote ${path.relative(process.cwd(), target)}\n`);
