import { DefaultLogger, Runtime } from '@temporalio/worker';
import type { LogLevel } from '@temporalio/worker';
import type { Logger } from './logger.ts';

let installed = false;

const LEVELS: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

/** Routes the SDK's own logs (workers, workflows, activities) into our pino root. Once per process. */
export function installRuntimeLogging(logger: Logger): void {
  if (installed) return;
  installed = true;
  const sdk = logger.child({ component: 'temporal' });
  Runtime.install({
    logger: new DefaultLogger('INFO', (entry) => {
      sdk[LEVELS[entry.level]]({ ...entry.meta }, entry.message);
    }),
  });
}
