import { ConfigError, loadConfig } from '../lib/config.ts';
import { createLogger } from '../lib/logger.ts';
import { startService, stopOnSignals } from './service.ts';

// `npm run api`: the stateless API process of the production shape; workers run apart.
try {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const stop = await startService(config, logger, { withWorker: false });
  stopOnSignals(stop, logger);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}
