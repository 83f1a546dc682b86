import type { Config } from './config.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Logger } from './logger.ts';
import { createLogger } from './logger.ts';

/**
 * The shape of every process entry point: parse the configuration (a bad value exits 2 with
 * the message naming the variable), start, and run the returned stop once on SIGTERM/SIGINT.
 */
export async function runEntry(start: (config: Config, logger: Logger) => Promise<() => Promise<void>>): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  const logger = createLogger(config.LOG_LEVEL);
  stopOnSignals(await start(config, logger), logger);
}

function stopOnSignals(stop: () => Promise<void>, logger: Logger): void {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'signal received');
    stop().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
