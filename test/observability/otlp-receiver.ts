import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// The OpenTelemetry packages' own protobuf definitions of OTLP (the exporter encodes with them).
const root = require('@opentelemetry/otlp-transformer/build/src/generated/root.js') as {
  opentelemetry: { proto: { collector: { trace: { v1: { ExportTraceServiceRequest: { decode(buf: Uint8Array): unknown; toObject(m: unknown, o: object): unknown } } } } } };
};
const ExportTraceServiceRequest = root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  service: string;
}

interface Decoded {
  resourceSpans?: Array<{
    resource?: { attributes?: Array<{ key: string; value: Record<string, unknown> }> };
    scopeSpans?: Array<{
      spans?: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: Array<{ key: string; value: Record<string, unknown> }> }>;
    }>;
  }>;
}

/** An OTLP AnyValue as a plain value (64-bit integers arrive as decimal strings). */
const value = (v: Record<string, unknown>) => ('intValue' in v ? Number(v.intValue) : Object.values(v)[0]);

/**
 * An OTLP/HTTP traces receiver for a test: POST /v1/traces with a protobuf body, decoded with
 * the OpenTelemetry packages' own OTLP definitions; answers as a collector does (200, an empty
 * ExportTraceServiceResponse). Everything received is kept in `spans`.
 */
export async function startOtlpReceiver(port: number) {
  const spans: ReceivedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || req.headers['content-type'] !== 'application/x-protobuf') {
        res.writeHead(400).end();
        return;
      }
      const message = ExportTraceServiceRequest.decode(Buffer.concat(chunks));
      const decoded = ExportTraceServiceRequest.toObject(message, { bytes: String, longs: String, defaults: false }) as Decoded;
      for (const rs of decoded.resourceSpans ?? []) {
        const service = String(value(rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value ?? {}) ?? '');
        for (const ss of rs.scopeSpans ?? []) {
          for (const s of ss.spans ?? []) {
            const hex = (b64?: string) => (b64 ? Buffer.from(b64, 'base64').toString('hex') : '');
            spans.push({
              traceId: hex(s.traceId),
              spanId: hex(s.spanId),
              parentSpanId: hex(s.parentSpanId),
              name: s.name,
              kind: s.kind,
              attributes: Object.fromEntries((s.attributes ?? []).map((a) => [a.key, value(a.value)])),
              service,
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
