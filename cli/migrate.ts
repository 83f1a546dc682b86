import { loadConfig } from '../platform/config.ts';
import { createLogger } from '../platform/logger.ts';
import { openDatabase } from '../db/client.ts';

// `npm run db:migrate`: applies the same migrations to Postgres (DATABASE_URL) or to PGlite in DATA_DIR.
const config = loadConfig();
const log = createLogger(config.LOG_LEVEL);
const handle = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, maxConnections: 1 });
try {
  await handle.migrate();
  log.info({ driver: handle.driver }, 'migrations applied');
} finally {
  await handle.close();
}
