import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { discover } from '../../search/discover.ts';
import type { RetrievalEngine } from '../../search/engine.ts';
import type { BenchQuery } from './corpus.ts';
import type { Metrics } from './metrics.ts';
import { mean, scoreRanking } from './metrics.ts';

const SPLIT = join('shared', 'data', 'stabletoolbench');

/**
 * Where the StableToolBench dev split is: `SWITCHBOARD_DEV_SPLIT`, else `../shared/…` next to the
 * checkout, else next to the repository a clone was made from (CI runs in a fresh clone whose
 * parent has no `shared/`). Throws naming every place looked at.
 */
export function devSplitDir(root: string): string {
  const tried: string[] = [];
  const candidates = [process.env.SWITCHBOARD_DEV_SPLIT, join(root, '..', SPLIT)];
  try {
    const origin = execFileSync('git', ['-C', root, 'config', '--get', 'remote.origin.url'], { encoding: 'utf8' }).trim();
    const local = origin.startsWith('file://') ? origin.slice('file://'.length) : origin;
    if (local && (isAbsolute(local) || local.startsWith('.'))) candidates.push(join(dirname(resolve(root, local.replace(/\/\.git\/?$/, ''))), SPLIT));
  } catch {
    // not a git checkout or no origin: the other candidates stand
  }
  for (const dir of candidates) {
    if (!dir) continue;
    tried.push(dir);
    if (existsSync(join(dir, 'tools.jsonl')) && existsSync(join(dir, 'queries.dev.jsonl'))) return dir;
  }
  throw new Error(`StableToolBench dev split not found (tools.jsonl + queries.dev.jsonl); looked in ${tried.join(', ')}. Set SWITCHBOARD_DEV_SPLIT to its folder.`);
}

/**
 * Mean metrics of a ranking function over the queries (top 10 each). `concurrency` queries are
 * in flight at once: each ranking is independent of the others, so the figure is the same as one
 * at a time, only sooner (Elasticsearch answers several searches in parallel).
 */
export async function evaluate(queries: BenchQuery[], rank: (q: string) => Promise<string[]>, concurrency = 1): Promise<Metrics> {
  const all: Metrics[] = new Array(queries.length);
  let next = 0;
  const lane = async () => {
    while (next < queries.length) {
      const i = next++;
      all[i] = scoreRanking(await rank(queries[i].query), queries[i].relevant);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  return mean(all);
}

/** The final ranking as the service asks for it (discover, no user), top 10. */
export const discoverTop10 = (engine: RetrievalEngine) => async (q: string) => (await discover(engine, { query: q, topK: 10 })).tools.map((t) => t.id);
