import { ConfigError, loadConfig } from '../lib/config.ts';
import { createLogger } from '../lib/logger.ts';
import { startService, stopOnSignals } from './service.ts';

// `npm start`: the embedded default — API and worker in one process, a local Temporal dev
// server, PGlite in DATA_DIR and the in-process search index. The production shape runs
// the same code through `npm run api` and `npm run worker`.
try {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const stop = await startService(config, logger, { withWorker: true });
  stopOnSignals(stop, logger);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}
