import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Attributes, Span, Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-node';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';

/**
 * OpenTelemetry traces (issue 19): off unless the standard OTEL_* variables ask for them
 * (tracingSettings), exported over OTLP/HTTP with protobuf bodies. One provider per process,
 * registered globally: the Temporal interceptors (platform/temporal.ts, worker/create-worker.ts) and
 * our own spans (HTTP, retrieval, MCP tools/call) all use it, so one trace runs from the HTTP
 * request through the workflow and its activities to the MCP call.
 *
 * The OTLP 1.x SDK line, not 2.x: @temporalio/interceptors-opentelemetry 1.24 builds workflow
 * spans in the 1.x shape (docs/decisions.md, "Metrics and traces").
 */

export interface TracingSettings {
  /** The full OTLP/HTTP traces URL (…/v1/traces). */
  url: string;
  serviceName: string;
}

/** The OTLP/HTTP default when OTEL_TRACES_EXPORTER=otlp names no endpoint (OpenTelemetry specification). */
const DEFAULT_TRACES_URL = 'http://localhost:4318/v1/traces';

/**
 * What the OTEL_* variables ask for: undefined (no traces) unless an OTLP endpoint is named or
 * OTEL_TRACES_EXPORTER=otlp; OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none switch them off.
 */
export function tracingSettings(config: Config): TracingSettings | undefined {
  if (config.OTEL_SDK_DISABLED) return undefined;
  const exporter = config.OTEL_TRACES_EXPORTER;
  if (exporter === 'none') return undefined;
  const base = config.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
  const url = config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base ? `${base}/v1/traces` : exporter === 'otlp' ? DEFAULT_TRACES_URL : undefined);
  if (!url) return undefined;
  return { url, serviceName: config.OTEL_SERVICE_NAME };
}

interface Tracing {
  provider: NodeTracerProvider;
  processor: SpanProcessor;
  resource: Resource;
  tracer: Tracer;
}

let tracing: Tracing | undefined;

/**
 * Registers the process's tracer provider (global context manager and W3C propagators
 * included). Once per process: later calls keep the first. Call it before connecting to
 * Temporal, whose client takes the tracing interceptor only when tracing is on.
 */
export function startTracing(settings: TracingSettings, logger: Logger): void {
  if (tracing) return;
  const resource = Resource.default().merge(new Resource({ 'service.name': settings.serviceName }));
  const processor = new BatchSpanProcessor(new OTLPTraceExporter({ url: settings.url }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [processor] });
  provider.register();
  tracing = { provider, processor, resource, tracer: trace.getTracer('switchboard') };
  logger.info({ url: settings.url, service: settings.serviceName }, 'OpenTelemetry traces exported over OTLP/HTTP');
}

export function tracingEnabled(): boolean {
  return tracing !== undefined;
}

/** The processor and resource workflow spans are exported through (the worker's sink). */
export function workflowSpanExport(): { processor: SpanProcessor; resource: Resource } | undefined {
  return tracing && { processor: tracing.processor, resource: tracing.resource };
}

/** Sends what is still buffered (the end of a process, or a test waiting for its spans). */
export async function flushTraces(): Promise<void> {
  await tracing?.provider.forceFlush();
}

export async function stopTracing(): Promise<void> {
  const current = tracing;
  tracing = undefined;
  await current?.provider.shutdown();
}

/** The tracer of our own spans, or undefined when tracing is off (callers then do nothing). */
export function tracer(): Tracer | undefined {
  return tracing?.tracer;
}

/** The active span's ids, for log lines (undefined without an active, sampled span). */
export function activeTraceIds(): { trace_id: string; span_id: string } | undefined {
  if (!tracing) return undefined;
  const span = trace.getSpan(context.active());
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/**
 * Runs `work` in a span (a child of the active one) when tracing is on; `outcome` reads the
 * result into attributes. A throw marks the span as an error with its `error.type`.
 */
export async function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; outcome?: (result: T) => Attributes | undefined },
  work: () => Promise<T>,
): Promise<T> {
  const t = tracing?.tracer;
  if (!t) return work();
  return t.startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, async (span: Span) => {
    try {
      const result = await work();
      const extra = options.outcome?.(result);
      if (extra) span.setAttributes(extra);
      if (extra?.['error.type']) span.setStatus({ code: SpanStatusCode.ERROR });
      return result;
    } catch (error) {
      span.setAttribute('error.type', errorType(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A short class of a thrown error: a Temporal failure's type, else the error's name. */
export function errorType(error: unknown): string {
  const e = error as { type?: unknown; name?: unknown } | undefined;
  if (typeof e?.type === 'string' && e.type) return e.type;
  if (typeof e?.name === 'string' && e.name) return e.name;
  return 'Error';
}

export { SpanKind };
