import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's metrics (issue 19): one prom-client registry per process, served as Prometheus
 * text by every face that exposes it (api/plugins/metrics.ts, platform/telemetry/metrics-server.ts).
 * The embedded process runs API and worker in one process, so both write here.
 *
 * Names follow the OpenTelemetry semantic conventions where one exists (HTTP server duration,
 * MCP client operation duration with `mcp.method.name` and `gen_ai.tool.name`), turned into
 * Prometheus names the way the OpenTelemetry Prometheus exporter does (dots to underscores,
 * the unit as a suffix); ours carry the `switchboard_` prefix.
 *
 * Recording is off until `enableMetrics()` (METRICS_ENABLED, the default): the hooks in hot
 * paths then cost one boolean test.
 */
export const registry = new Registry();

let enabled = false;

/** Turns recording on for this process (idempotent); also Node's own process metrics. */
export function enableMetrics(): void {
  if (enabled) return;
  enabled = true;
  collectDefaultMetrics({ register: registry });
}

export function metricsEnabled(): boolean {
  return enabled;
}

/** Latency buckets in seconds: a cached retrieval (~1 ms) to a long tool call (a minute). */
const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

const httpDuration = new Histogram({
  name: 'http_server_request_duration_seconds',
  help: 'Duration of HTTP server requests (OpenTelemetry http.server.request.duration), by method, route template and status code',
  labelNames: ['http_request_method', 'http_route', 'http_response_status_code'] as const,
  buckets: SECONDS,
  registers: [registry],
});

const retrievalDuration = new Histogram({
  name: 'switchboard_retrieval_duration_seconds',
  help: 'Duration of a tool retrieval from the caller scope to the ranked answer, by search backend and whether the response cache answered',
  labelNames: ['backend', 'cached'] as const,
  buckets: SECONDS,
  registers: [registry],
});

const retrievalResults = new Histogram({
  name: 'switchboard_retrieval_results',
  help: 'Number of tools a retrieval answered with, by search backend',
  labelNames: ['backend'] as const,
  buckets: [0, 1, 2, 3, 5, 10, 20, 50],
  registers: [registry],
});

const toolCallDuration = new Histogram({
  name: 'mcp_client_operation_duration_seconds',
  help: 'Duration of MCP tools/call requests Switchboard sent (OpenTelemetry mcp.client.operation.duration), by server, tool and outcome',
  labelNames: ['mcp_method_name', 'gen_ai_tool_name', 'switchboard_server', 'outcome'] as const,
  buckets: SECONDS,
  registers: [registry],
});

const webhookAttempts = new Counter({
  name: 'switchboard_webhook_delivery_attempts_total',
  help: 'Webhook delivery attempts, by where the delivery stands after the attempt (delivered, retrying, failed)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

const webhookDeliveries = new Histogram({
  name: 'switchboard_webhook_deliveries_attempts',
  help: 'Finished webhook deliveries by outcome (delivered, failed), observed with the number of attempts each took',
  labelNames: ['outcome'] as const,
  buckets: [1, 2, 3, 4, 5, 6, 8, 10],
  registers: [registry],
});

const mcpLaunches = new Counter({
  name: 'switchboard_mcp_session_launches_total',
  help: 'MCP client sessions opened (a stdio server launched, or an HTTP session initialised), by server and outcome (opened, failed)',
  labelNames: ['switchboard_server', 'outcome'] as const,
  registers: [registry],
});

/** Values read when scraped, from whatever this process registered (collected below). */
type Source = () => Promise<Array<{ labels: Record<string, string>; value: number }>>;

/**
 * A gauge read on scrape from sources keyed by what they read: the embedded process's API and
 * worker share one search index, and registering it twice must not count it twice.
 */
function collectedGauge(name: string, help: string, labelNames: string[]) {
  const sources = new Map<object, Source>();
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      // A source that fails (a database down) leaves its series out of this scrape only.
      const results = await Promise.allSettled([...sources.values()].map((source) => source()));
      for (const result of results) {
        if (result.status !== 'fulfilled') continue;
        for (const { labels, value } of result.value) this.inc(labels, value);
      }
    },
  });
  /** Adds a source for `key`; the returned function removes it (an app or worker closing). */
  return (key: object, source: Source) => {
    sources.set(key, source);
    return () => {
      if (sources.get(key) === source) sources.delete(key);
    };
  };
}

/** Jobs by state, read from the database by API processes (every replica reports the same totals: use max()). */
export const addJobStateSource = collectedGauge('switchboard_jobs', 'Jobs by state, from the job table (the same figure from every API replica)', ['state']);

/** Open MCP sessions of this process's worker, by server. */
export const addMcpSessionSource = collectedGauge('switchboard_mcp_sessions', "Open MCP client sessions in this process's pool, by server", ['switchboard_server']);

/** Documents in the search index this process reads or writes, by backend. */
export const addSearchIndexSource = collectedGauge('switchboard_search_index_documents', 'Tool documents in the search index, by backend', ['backend']);

// The hooks below are what hot paths call: each is one boolean test when recording is off.

export function recordHttpRequest(method: string, route: string, status: number, seconds: number): void {
  if (!enabled) return;
  httpDuration.observe({ http_request_method: method, http_route: route, http_response_status_code: status }, seconds);
}

export function recordRetrieval(backend: string, cached: boolean, seconds: number, results: number): void {
  if (!enabled) return;
  retrievalDuration.observe({ backend, cached: String(cached) }, seconds);
  retrievalResults.observe({ backend }, results);
}

export function recordToolCall(server: string, tool: string, outcome: string, seconds: number): void {
  if (!enabled) return;
  toolCallDuration.observe({ mcp_method_name: 'tools/call', gen_ai_tool_name: tool, switchboard_server: server, outcome }, seconds);
}

/** One attempt; `standing` is where the delivery is after it, `attempt` its number across runs. */
export function recordWebhookAttempt(standing: 'delivered' | 'retrying' | 'failed', attempt: number): void {
  if (!enabled) return;
  webhookAttempts.inc({ outcome: standing });
  if (standing !== 'retrying') webhookDeliveries.observe({ outcome: standing }, attempt);
}

export function recordMcpLaunch(server: string, outcome: 'opened' | 'failed'): void {
  if (!enabled) return;
  mcpLaunches.inc({ switchboard_server: server, outcome });
}
