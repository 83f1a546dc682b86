import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const protobufOnly = z.literal('http/protobuf', { error: 'only http/protobuf is supported (OTLP over HTTP with protobuf bodies)' });

/**
 * The telemetry settings of platform/config.ts (merged into its schema there, so they are parsed and
 * validated with everything else). OTEL_* are the OpenTelemetry SDK's standard variables; the
 * exporter also reads OTEL_EXPORTER_OTLP_HEADERS and OTEL_EXPORTER_OTLP_TIMEOUT itself, and the
 * tracer provider OTEL_TRACES_SAMPLER(_ARG) (README, "Metrics and traces").
 */
export const telemetryEnv = {
  /** Prometheus metrics of this process (GET /metrics with the admin key; METRICS_PORT without). */
  METRICS_ENABLED: flag.default(true),
  /** A separate metrics listener (guarded by its address, loopback by default, and METRICS_TOKEN when set). Worker processes need it to be scraped. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * A bearer token the METRICS_PORT listener requires. Required when METRICS_HOST is not
   * loopback (platform/config.ts): on a shared network (the compose shape) the worker, which runs
   * tools, and anything else there could otherwise read every series.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  OTEL_SDK_DISABLED: flag.optional(),
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'none']).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: protobufOnly.optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: protobufOnly.optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('switchboard'),
};
