import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { enableMetrics } from './metrics.ts';
import { startMetricsServer } from './metrics-server.ts';
import { startTracing, stopTracing, tracingSettings } from './tracing.ts';

/**
 * A process's telemetry, started first by each entry (runtime/): traces when OTEL_* ask for
 * them (before Temporal is connected: its client takes the tracing interceptor then), metrics
 * recording, and the separate metrics listener when METRICS_PORT is set. The returned stop
 * closes the listener and sends the spans still buffered.
 */
export async function startProcessTelemetry(config: Config, logger: Logger): Promise<() => Promise<void>> {
  const traces = tracingSettings(config);
  if (traces) startTracing(traces, logger);
  if (!config.METRICS_ENABLED) return stopTracing;
  enableMetrics();
  const server = config.METRICS_PORT ? await startMetricsServer(config.METRICS_HOST, config.METRICS_PORT, logger, config.METRICS_TOKEN) : undefined;
  return async () => {
    await server?.close();
    await stopTracing();
  };
}
