import { MetricsBuffer } from '@temporalio/worker';
import type { BufferedMetricUpdate } from '@temporalio/worker';

/**
 * The Temporal SDK's own metrics (worker task slots, poll and schedule-to-start latencies,
 * sticky cache, client requests), taken from the SDK's runtime telemetry through its buffered
 * exporter and served with ours on the same endpoint: no second port per process, no core
 * HTTP server. platform/temporal-logging.ts installs the Runtime with `temporalMetricsBuffer()`.
 *
 * The buffer holds updates (counter deltas, gauge values, histogram observations) until drained;
 * they are folded here into series and rendered in the Prometheus text format. The SDK's label
 * sets vary from one metric to the next, so this keeps its own small store instead of
 * prom-client metrics, whose label names are fixed when created.
 */

/** Histogram buckets in seconds (the buffer is asked for seconds): poll waits reach a minute. */
const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Drained at least this often so the SDK's buffer (bounded) never drops updates between scrapes. */
const DRAIN_EVERY_MS = 5_000;

interface Series {
  labels: string;
  value: number;
  /** Histograms: cumulative counts per bucket (last = +Inf), and the sum. */
  buckets?: number[];
  sum?: number;
}

interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  series: Map<string, Series>;
}

let buffer: MetricsBuffer | undefined;
const families = new Map<string, Family>();

/** The buffer to install the Runtime with; created once, drained on a timer and on every scrape. */
export function temporalMetricsBuffer(): MetricsBuffer {
  if (!buffer) {
    buffer = new MetricsBuffer({ maxBufferSize: 100_000, useSecondsForDurations: true });
    setInterval(drain, DRAIN_EVERY_MS).unref();
  }
  return buffer;
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function sanitize(name: string): string {
  return name.replace(/[^a-zA-Z0-9_:]/g, '_');
}

function labelText(attributes: Record<string, string | number | boolean>): string {
  const keys = Object.keys(attributes).sort();
  return keys.map((key) => `${sanitize(key)}="${escapeLabel(String(attributes[key]))}"`).join(',');
}

function apply(update: BufferedMetricUpdate): void {
  const { metric } = update;
  const name = sanitize(metric.name.startsWith('temporal_') ? metric.name : `temporal_${metric.name}`);
  const type = metric.kind === 'histogram' ? 'histogram' : metric.kind === 'counter' ? 'counter' : 'gauge';
  let family = families.get(name);
  if (!family) {
    family = { name, help: metric.description || `Temporal SDK metric ${metric.name}`, type, series: new Map() };
    families.set(name, family);
  }
  const labels = labelText(update.attributes);
  let series = family.series.get(labels);
  if (!series) {
    series = { labels, value: 0, ...(type === 'histogram' ? { buckets: BUCKETS.map(() => 0).concat(0), sum: 0 } : {}) };
    family.series.set(labels, series);
  }
  if (type === 'counter') series.value += update.value;
  else if (metric.kind === 'up-down-counter') series.value += update.value;
  else if (type === 'gauge') series.value = update.value;
  else {
    series.value += 1;
    series.sum! += update.value;
    BUCKETS.forEach((bound, i) => {
      if (update.value <= bound) series.buckets![i]! += 1;
    });
    series.buckets![BUCKETS.length]! += 1;
  }
}

/** Folds every buffered update into the series. */
export function drain(): void {
  if (!buffer) return;
  for (const update of buffer.retrieveUpdates()) apply(update);
}

function withLabel(labels: string, extra: string): string {
  return `{${labels ? `${labels},` : ''}${extra}}`;
}

/** The Temporal SDK's series in the Prometheus text format (empty before the Runtime buffers). */
export function renderTemporalMetrics(): string {
  drain();
  const lines: string[] = [];
  for (const family of families.values()) {
    const name = family.type === 'counter' && !family.name.endsWith('_total') ? `${family.name}_total` : family.name;
    lines.push(`# HELP ${name} ${family.help.replace(/\n/g, ' ')}`, `# TYPE ${name} ${family.type}`);
    for (const series of family.series.values()) {
      const labels = series.labels ? `{${series.labels}}` : '';
      if (family.type !== 'histogram') {
        lines.push(`${name}${labels} ${series.value}`);
        continue;
      }
      BUCKETS.forEach((bound, i) => lines.push(`${name}_bucket${withLabel(series.labels, `le="${bound}"`)} ${series.buckets![i]}`));
      lines.push(`${name}_bucket${withLabel(series.labels, 'le="+Inf"')} ${series.buckets![BUCKETS.length]}`);
      lines.push(`${name}_sum${labels} ${series.sum}`, `${name}_count${labels} ${series.value}`);
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
