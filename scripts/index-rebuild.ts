import { openDatabase } from '../db/client.ts';
import { indexStore } from '../db/retrieval/index-store.ts';
import { ConfigError, loadConfig } from '../platform/config.ts';
import { createLogger } from '../platform/logger.ts';
import { createSearchIndex } from '../search/service/create-search-index.ts';
import { rebuildIndex } from '../search/service/open-search-index.ts';

// `npm run index:rebuild`: rebuilds the configured index from the database (registry tools and
// tools indexed through the API). On Elasticsearch a new index is filled and the alias swapped
// in one step, so running services keep searching the old one until the new one is complete;
// their caches follow within seconds (ledger watch). The embedded index lives inside the
// running service and is rebuilt by starting it; this command then only checks the database.
// It lives here, not in search/, because it joins the database to the index (search/ never
// imports db/).
try {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const handle = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, maxConnections: 2 });
  try {
    await handle.migrate();
    const store = indexStore(handle.db);
    const search = await createSearchIndex(config, logger, store.vectors);
    try {
      const t0 = performance.now();
      const count = await rebuildIndex(store, search);
      const seconds = (performance.now() - t0) / 1000;
      logger.info({ backend: search.kind, count, seconds: Number(seconds.toFixed(1)), tools_per_second: Math.round(count / Math.max(seconds, 0.001)) }, 'search index rebuilt');
      if (search.kind === 'embedded') logger.warn('the embedded index lives in the service process: it rebuilds itself from the database at every start');
    } finally {
      await search.close();
    }
  } finally {
    await handle.close();
  }
  process.exit(0);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}
