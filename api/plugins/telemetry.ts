import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { EXPOSITION_CONTENT_TYPE, renderMetrics } from '../../platform/telemetry/exposition.ts';
import { recordHttpRequest } from '../../platform/telemetry/metrics.ts';
import { watchApiMetrics } from '../../platform/telemetry/sources.ts';
import { tracer } from '../../platform/telemetry/tracing.ts';

/** Requests no route matched share one label, so a scan of random paths cannot grow the series. */
const UNMATCHED = 'unmatched';

/**
 * Metrics and traces of the HTTP face (issue 19).
 *
 * Metrics (METRICS_ENABLED): every response observed in http_server_request_duration_seconds by
 * method, route template and status; GET /metrics serves the process's metrics in the
 * Prometheus text format to the admin key only (or an admin user). Not in the OpenAPI document:
 * it is an operator endpoint, not part of the API.
 *
 * Traces (OTEL_*, platform/telemetry/tracing.ts): a server span per request, continuing an incoming
 * W3C `traceparent`, made the active context for the rest of the request (hooks, body parsing,
 * the handler, and so the Temporal client's workflow start); the request's log lines carry its
 * trace_id and span_id.
 */
export const telemetryPlugin = fp(async (app: FastifyInstance, opts: { metrics: boolean; db: Database }) => {
  const spans = new WeakMap<FastifyRequest, Span>();
  const t = tracer();

  if (t) {
    app.addHook('onRequest', (request, reply, done) => {
      const parent = propagation.extract(ROOT_CONTEXT, request.headers);
      const route = request.routeOptions.url ?? UNMATCHED;
      const span = t.startSpan(
        `${request.method} ${route}`,
        {
          kind: SpanKind.SERVER,
          attributes: { 'http.request.method': request.method, 'http.route': route, 'url.path': request.url.split('?')[0], 'switchboard.request_id': request.id },
        },
        parent,
      );
      spans.set(request, span);
      const { traceId, spanId } = span.spanContext();
      request.log = request.log.child({ trace_id: traceId, span_id: spanId });
      reply.log = request.log;
      const active = trace.setSpan(parent, span);
      // The body arrives in later events of the request stream: they run in this context too.
      context.bind(active, request.raw);
      context.with(active, done);
    });
    app.addHook('onResponse', (request, reply, done) => {
      const span = spans.get(request);
      if (span) {
        span.setAttribute('http.response.status_code', reply.statusCode);
        if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
      done();
    });
  }

  if (!opts.metrics) return;
  const unwatch = watchApiMetrics(opts.db);
  app.addHook('onClose', async () => unwatch());
  app.addHook('onResponse', (request, reply, done) => {
    recordHttpRequest(request.method, request.routeOptions.url ?? UNMATCHED, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { config: { auth: 'admin' }, schema: { hide: true } }, async (_request, reply) => {
    return reply.type(EXPOSITION_CONTENT_TYPE).send(await renderMetrics());
  });
});
