// Issue 37 figures: the poisoned-description scanner over the whole bundled catalog (time, and
// how many tools a fresh start holds: the false-positive rate, each hold explained), and the
// extra latency the pin check adds to one tools/list of 100 tools.
//
//   npx tsx bench/trust.ts [--list]      (--list prints every flagged tool with its findings)
//   BENCH_DATABASE_URL=postgres://.../postgres npx tsx bench/trust.ts   (the pin check on Postgres:
//   a fresh database is created beside the given one and dropped after)
//
// The pin check runs against PGlite (embedded) or Postgres with the catalog's first sighting pinned, i.e.
// what a refresh of an already-pinned server costs: read its pins and holds, hash, compare; and the
// same as a refresh runs it since the pin cache (db/trust/pin-cache.ts): a cache hit, given the pins_version
// that the refresh's update of the server row returns.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { mcpServers } from '../db/schema/index.ts';
import { openDatabase } from '../db/client.ts';
import { gateListings } from '../db/trust/gate.ts';
import { scanServerListing } from '../domain/trust/poisoning.ts';
import type { ToolDefinition } from '../domain/trust/tool-pin.ts';
import { definitionHash } from '../domain/trust/tool-pin.ts';

const doc = JSON.parse(readFileSync(new URL('../catalog/servers.json', import.meta.url), 'utf8')) as { servers: { name: string; tools?: ToolDefinition[] }[] };
const listings = doc.servers.map((s) => ({ server: s.name, tools: (s.tools ?? []).map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })) }));
const total = listings.reduce((n, l) => n + l.tools.length, 0);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)]!;

// 1. The scanner over the whole catalog, five times.
const scanTimes: number[] = [];
let flagged: { server: string; tool: string; rules: string[]; excerpt: string }[] = [];
for (let round = 0; round < 5; round++) {
  const started = performance.now();
  const found: typeof flagged = [];
  for (const l of listings) {
    for (const [tool, findings] of scanServerListing(l.tools)) {
      found.push({ server: l.server, tool, rules: [...new Set(findings.map((f) => f.rule))], excerpt: findings[0]!.excerpt });
    }
  }
  scanTimes.push(performance.now() - started);
  flagged = found;
}
const byRule = new Map<string, number>();
for (const f of flagged) for (const r of f.rules) byRule.set(r, (byRule.get(r) ?? 0) + 1);

// 2. The pin check of one listing of 100 tools against a database holding the whole catalog's pins.
const dir = mkdtempSync(join(tmpdir(), 'trust-bench-'));
const adminUrl = process.env.BENCH_DATABASE_URL;
const benchDb = `trust_bench_${process.pid}`;
const admin = adminUrl ? postgres(adminUrl, { max: 1, onnotice: () => {} }) : null;
if (admin) await admin.unsafe(`create database ${benchDb}`);
const url = adminUrl ? Object.assign(new URL(adminUrl), { pathname: `/${benchDb}` }).toString() : undefined;
const handle = openDatabase({ dataDir: dir, url });
await handle.migrate();
const { db } = handle;
for (const l of listings) await db.insert(mcpServers).values({ name: l.server, displayName: l.server }).onConflictDoNothing();
await db.transaction((tx) => gateListings(tx, new Map(listings.map((l) => [l.server, l.tools])), { source: 'sync', versionOf: () => '1' }));
const hundred: ToolDefinition[] = listings.flatMap((l) => l.tools).slice(0, 100).map((t, i) => ({ ...t, name: `${t.name}_${i}` }));
await db.insert(mcpServers).values({ name: 'bench-100', displayName: 'bench-100' });
await db.transaction((tx) => gateListings(tx, new Map([['bench-100', hundred]]), { source: 'refresh', versionOf: () => '1' }));
const gateTimes: number[] = [];
const cachedTimes: number[] = [];
const hashTimes: number[] = [];
// Each round lists fresh objects, as a tools/list parsed from the wire gives them (no identity to cache on).
const listed = () => JSON.parse(JSON.stringify(hundred)) as ToolDefinition[];
for (let i = 0; i < 200; i++) {
  // Inside the refresh's own transaction (recordListedTools opens it anyway). Without the server's
  // pins_version: the read of its pins and holds, and the hashing.
  await db.transaction(async (tx) => {
    const list = listed();
    const started = performance.now();
    await gateListings(tx, new Map([['bench-100', list]]), { source: 'refresh', versionOf: () => '1' });
    gateTimes.push(performance.now() - started);
  });
  // As recordListedTools runs it since the pin cache: the server row's update (which the refresh made
  // before pins existed) returns its version and pins_version; the gate then answers from the cache.
  await db.transaction(async (tx) => {
    const list = listed();
    const [row] = await tx.update(mcpServers).set({ status: 'connected' }).where(eq(mcpServers.name, 'bench-100')).returning({ version: mcpServers.version, pinsVersion: mcpServers.pinsVersion });
    const started = performance.now();
    await gateListings(tx, new Map([['bench-100', list]]), { source: 'refresh', versionOf: () => row!.version, pinsVersionOf: () => row!.pinsVersion });
    cachedTimes.push(performance.now() - started);
  });
  const started = performance.now();
  for (const t of hundred) definitionHash(t);
  hashTimes.push(performance.now() - started);
}
await handle.close();
if (admin) {
  await admin.unsafe(`drop database ${benchDb}`);
  await admin.end();
}
rmSync(dir, { recursive: true, force: true });

if (process.argv.includes('--list')) for (const f of flagged) console.log(`${f.server}/${f.tool}\t${f.rules.join(',')}\t${f.excerpt}`);
console.log(
  JSON.stringify(
    {
      catalog_tools: total,
      held_on_fresh_start: flagged.length,
      false_positive_rate_pct: +((100 * flagged.length) / total).toFixed(2),
      by_rule: Object.fromEntries(byRule),
      scan_whole_catalog_ms: { median: +median(scanTimes).toFixed(0), runs: scanTimes.map((t) => +t.toFixed(0)) },
      database: adminUrl ? 'postgres' : 'pglite',
      pin_check_100_tools_ms: {
        uncached: { p50: +median(gateTimes).toFixed(2), p99: +p99(gateTimes).toFixed(2) },
        cached: { p50: +median(cachedTimes).toFixed(2), p99: +p99(cachedTimes).toFixed(2) },
        hash_only_p50: +median(hashTimes).toFixed(2),
      },
      loadavg: loadavg().map((l) => +l.toFixed(2)),
    },
    null,
    2,
  ),
);
