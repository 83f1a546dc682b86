import type { Database } from '../../../db/client.ts';
import { toolRunStats } from '../../../db/jobs/tool-runs.ts';
import { selectionCounts } from '../../../db/retrieval/query-events.ts';
import { registryDocId } from '../../../db/retrieval/tool-documents.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { RunHistory } from '../../../search/discover.ts';

/** History is re-read at most this often: it moves slowly and ranking must not wait on it. */
const TTL_MS = 30_000;

/**
 * Evidence per index document for `success_rate`: executions from tool_runs (owned by the
 * execution module) plus selection feedback (POST /tools/selection-log), a selection counting
 * as a success and a rejection as a failure. Unknown tools stay neutral (0.5). When the
 * history cannot be read, ranking goes on with none rather than failing the search.
 */
export function createHistory(db: Database, logger: Logger) {
  let cached: { at: number; map: Map<string, RunHistory> } | undefined;
  let loading: Promise<Map<string, RunHistory>> | undefined;

  async function load(): Promise<Map<string, RunHistory>> {
    const map = new Map<string, RunHistory>();
    const add = (key: string, s: number, f: number) => {
      const id = registryDocId(key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1));
      const h = map.get(id) ?? { successes: 0, failures: 0 };
      map.set(id, { successes: h.successes + s, failures: h.failures + f });
    };
    const [runs, selections] = await Promise.all([
      toolRunStats(db).catch((err: unknown) => {
        logger.warn({ err }, 'tool run history unavailable; success rates stay neutral');
        return new Map<string, { successes: number; failures: number }>();
      }),
      selectionCounts(db),
    ]);
    for (const [key, r] of runs) add(key, r.successes, r.failures);
    for (const [key, s] of selections) if (!key.startsWith('/')) add(key, s.selected, s.rejected);
    return map;
  }

  return {
    async get(): Promise<Map<string, RunHistory>> {
      if (cached && Date.now() - cached.at < TTL_MS) return cached.map;
      loading ??= load()
        .then((map) => {
          cached = { at: Date.now(), map };
          return map;
        })
        .catch((err: unknown) => {
          logger.warn({ err }, 'ranking history unavailable');
          return cached?.map ?? new Map<string, RunHistory>();
        })
        .finally(() => {
          loading = undefined;
        });
      return loading;
    },
    /** Forget the cached history (tests, and after feedback is logged). */
    invalidate(): void {
      cached = undefined;
    },
  };
}

export type History = ReturnType<typeof createHistory>;
