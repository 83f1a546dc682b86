// The first call of a never-installed npm catalog server through the service (issue 35, goal 2):
// POST /v1/execute_tool on a fresh service (fresh data folder, so a fresh package store) against
// `npm install` of the same package alone into a fresh folder with a fresh cache, in the same run,
// rounds alternating which goes first. Needs Postgres and Temporal (as bench/execute.ts).
// Usage: npx tsx bench/first-call.ts [--rounds 3] [--server time] [--tool current_time]
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogFile, loadBundledCatalog } from '../activities/registry/catalog-source.ts';
import { upsertSyncedEntries } from '../db/registry/sync.ts';
import { packageSpec } from '../package-store/index.ts';
import type { PackageRef } from '../package-store/index.ts';
import { flags, out, startService } from './execution/harness.ts';

const args = flags(process.argv.slice(2));
const rounds = Number(args.rounds ?? 3);
const serverName = String(args.server ?? 'time');
const tool = String(args.tool ?? 'current_time');
const entry = loadBundledCatalog(catalogFile(mkdtempSync(join(tmpdir(), 'sb-first-')))).entries.find((e) => e.name === serverName);
if (!entry) throw new Error(`no catalog entry ${serverName}`);
const ref = (entry.launch as { package: PackageRef }).package;
if (ref.registry !== 'npm') throw new Error('this bench compares against npm install: pick an npm entry');

function npmAlone(): number {
  const dir = mkdtempSync(join(tmpdir(), 'sb-first-npm-'));
  const started = performance.now();
  const r = spawnSync('npm', ['install', '--prefix', dir, '--cache', join(dir, 'cache'), '--ignore-scripts', '--no-audit', '--no-fund', packageSpec(ref)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return performance.now() - started;
}

async function throughService(): Promise<number> {
  const t = await startService();
  try {
    await upsertSyncedEntries(t.db, [entry!]);
    const user = await t.createUser({ plan: 'enterprise' });
    const started = performance.now();
    const res = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: `${serverName}/${tool}`, params: {}, timeout: 120_000 } });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`first call answered ${res.statusCode}: ${res.body}`);
    const warm: number[] = [];
    for (let i = 0; i < 20; i++) {
      const s = performance.now();
      await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: `${serverName}/${tool}`, params: {} } });
      warm.push(performance.now() - s);
    }
    warm.sort((a, b) => a - b);
    out(`  warm calls through the service p50 ${warm[10]!.toFixed(1)} ms`);
    return ms;
  } finally {
    await t.close();
  }
}

out(`${packageSpec(ref)}, ${rounds} rounds, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? (['npm', 'service'] as const) : (['service', 'npm'] as const);
  const figures: Record<string, number> = {};
  for (const which of order) figures[which] = which === 'npm' ? npmAlone() : await throughService();
  out(`round ${round + 1}: npm install alone ${(figures.npm! / 1000).toFixed(2)} s; first call through the service ${(figures.service! / 1000).toFixed(2)} s; difference ${((figures.service! - figures.npm!) / 1000).toFixed(2)} s`);
}
out(`load average at end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
