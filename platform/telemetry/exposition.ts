import { registry } from './metrics.ts';
import { renderTemporalMetrics } from './temporal-metrics.ts';

/** The Prometheus text format, version 0.0.4 (what Prometheus scrapes by default). */
export const EXPOSITION_CONTENT_TYPE = registry.contentType;

/** Everything this process measures: ours (prom-client) followed by the Temporal SDK's own. */
export async function renderMetrics(): Promise<string> {
  return (await registry.metrics()) + renderTemporalMetrics();
}
