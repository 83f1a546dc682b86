import type { Logger } from 'pino';
import type { SearchConfig } from './create-search-index.ts';
import { createSearchIndex } from './create-search-index.ts';
import type { IndexStore } from './index-store.ts';
import type { SearchIndex } from './search-index.ts';

/** How often an API process checks whether another process (a worker) changed the index. */
const WATCH_INTERVAL_MS = 2_000;

/** Rebuilds the index from its store: registry tools plus tools indexed through the API. */
export async function rebuildIndex(store: IndexStore, search: SearchIndex, options: { writeLedger?: boolean } = {}): Promise<number> {
  const { registry, api } = await store.documents();
  await search.rebuild([...registry, ...api]);
  if (options.writeLedger !== false) await store.recordRebuild(registry, search.embedderId);
  return registry.length + api.length;
}

/** An index object ready to hand to its users, and the moment it holds the store's documents. */
export interface OpeningIndex {
  search: SearchIndex;
  /** Settles once the index answers from the store's documents (at once for a kept Elasticsearch index). */
  filled: Promise<void>;
}

/**
 * Opens the configured index for a process. The embedded index lives in memory, so it is built
 * from the store at start. Elasticsearch keeps its index: it is built only when empty. With
 * Elasticsearch, workers in other processes write the index, so the ledger is watched and a
 * change bumps the generation (the response cache's invalidation). An API process with an
 * embedded index and no worker of its own (`npm run api`) rebuilds its copy on such a change.
 */
export async function openSearchIndex(config: SearchConfig, store: IndexStore, logger: Logger, options: { watch?: boolean } = {}): Promise<SearchIndex> {
  const { search, filled } = await startSearchIndex(config, store, logger, options);
  await filled;
  return search;
}

/**
 * The same, returning the index object before it is filled: a process start builds the Temporal
 * worker around it meanwhile (native, off this thread) and lets it poll only once `filled`
 * settles, so nothing reads or writes the index during the rebuild.
 */
export async function startSearchIndex(
  config: SearchConfig,
  store: IndexStore,
  logger: Logger,
  /** watch: follow index writes of other processes (any API process without its own worker, and Elasticsearch). */
  options: { watch?: boolean } = {},
): Promise<OpeningIndex> {
  const search = await createSearchIndex(config, logger, store.vectors);
  const filled = fill(search, store, logger, options);
  return { search, filled };
}

async function fill(search: SearchIndex, store: IndexStore, logger: Logger, options: { watch?: boolean }): Promise<void> {
  const t0 = performance.now();
  if (search.kind === 'embedded' || (await search.engine.backend.count()) === 0) {
    const count = await rebuildIndex(store, search);
    logger.info({ backend: search.kind, count, ms: Math.round(performance.now() - t0) }, 'search index built from the database');
  }
  if (options.watch) await watch(search, store, logger);
}

async function watch(search: SearchIndex, store: IndexStore, logger: Logger): Promise<void> {
  let last = await store.fingerprint();
  const timer = setInterval(() => {
    store.fingerprint().then(
      (now) => {
        if (now === last) return;
        last = now;
        // The rebuild must not write the ledger, or it would trigger itself again.
        if (search.kind === 'embedded') void rebuildIndex(store, search, { writeLedger: false }).catch((err: unknown) => logger.warn({ err }, 'search index refresh failed'));
        else search.markChanged();
      },
      (err: unknown) => logger.warn({ err }, 'search index watch failed'),
    );
  }, WATCH_INTERVAL_MS);
  timer.unref();
  search.onClosed(() => clearInterval(timer));
}
