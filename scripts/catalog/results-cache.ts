// Per-seed result cache: a rerun redoes only new or edited seeds (and, on request,
// the failed ones) instead of reinstalling two hundred packages.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { HarvestResult } from './harvest-one.ts';
import { RESULTS_DIR, slugOf } from './sandbox.ts';
import type { Seed } from './seed-types.ts';

const fileOf = (seed: Seed) => path.join(RESULTS_DIR, `${slugOf(seed.registry, seed.pkg)}.json`);
const keyOf = (seed: Seed, name: string) => createHash('sha256').update(JSON.stringify({ seed, name })).digest('hex');

export function readCached(seed: Seed, name: string): HarvestResult | undefined {
  const file = fileOf(seed);
  if (!existsSync(file)) return undefined;
  const cached = JSON.parse(readFileSync(file, 'utf8')) as { key: string; result: HarvestResult };
  return cached.key === keyOf(seed, name) ? cached.result : undefined;
}

export function writeCached(seed: Seed, name: string, result: HarvestResult): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(fileOf(seed), JSON.stringify({ key: keyOf(seed, name), result }, null, 2));
}
