import { DefaultLogger, Runtime } from '@temporalio/worker';
import type { LogLevel } from '@temporalio/worker';
import type { Logger } from './logger.ts';
import { temporalMetricsBuffer } from './telemetry/temporal-metrics.ts';

let installed = false;

const LEVELS: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

/**
 * Routes the SDK's own logs (workers, workflows, activities) into our pino root, and with
 * `metrics` its own metrics into this process's metrics endpoint (platform/telemetry/temporal-metrics.ts).
 * Once per process: the first call's choices stay.
 */
export function installRuntimeLogging(logger: Logger, options: { metrics?: boolean } = {}): void {
  if (installed) return;
  installed = true;
  const sdk = logger.child({ component: 'temporal' });
  Runtime.install({
    // The SDK would shut every worker down on SIGINT/SIGTERM itself, at once, while HTTP still
    // drains. platform/entry.ts owns the signals and stops things in order: HTTP, worker, children.
    shutdownSignals: [],
    logger: new DefaultLogger('INFO', (entry) => {
      sdk[LEVELS[entry.level]]({ ...entry.meta }, entry.message);
    }),
    ...(options.metrics ? { telemetryOptions: { metrics: { buffer: temporalMetricsBuffer() } } } : {}),
  });
}
