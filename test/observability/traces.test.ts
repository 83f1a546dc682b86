import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.ts';
import { flushTraces, startTracing, stopTracing } from '../../platform/telemetry/tracing.ts';
import type { TestApp } from '../support/test-app.ts';
import { createExecutionApp, until } from '../execution/helpers/setup.ts';
import { startMetaRecorder } from './meta-recorder.ts';
import { startOtlpReceiver } from './otlp-receiver.ts';

// Issue 19: with tracing on, one direct run of server-everything's echo is one trace from the
// HTTP request through the workflow start, the workflow and its activity to the MCP tools/call,
// received over OTLP/HTTP by a receiver that decodes it with OpenTelemetry's own definitions.
describe('traces', { timeout: 60_000 }, () => {
  let t: TestApp;
  let user: Awaited<ReturnType<TestApp['createUser']>>;
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    receiver = await startOtlpReceiver(30410);
    // Before Temporal is connected: its client and the worker take the interceptors then.
    startTracing({ url: receiver.url, serviceName: 'switchboard-test' }, createLogger('silent'));
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    t = await createExecutionApp();
    // A logger the test can read, for the app only (the worker keeps the silent one).
    await t.app.close();
    const { buildApp } = await import('../../api/app.ts');
    const { assembleAppDeps } = await import('../../runtime/app-deps.ts');
    const logger = createLogger('info', {}, sink);
    const deps = assembleAppDeps({ config: t.config, secrets: { adminKey: 'test-admin-key-0123456789abcdef', jwtSecret: 'test-jwt-secret-0123456789abcdef0123456789', credentialsKey: t.config.CREDENTIALS_KEY! }, db: t.db, temporal: t.temporal, taskQueue: t.taskQueue, search: t.search, logger });
    (t as { app: unknown }).app = await buildApp(deps, logger);
    user = await t.createUser({ plan: 'pro' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await stopTracing();
    await receiver?.close();
  });

  it('follows a direct run from the HTTP request to the MCP tools/call in one trace', async () => {
    const run = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'everything/echo', params: { message: 'traced' } } });
    expect(run.statusCode).toBe(200);
    await flushTraces();
    const http = await until(async () => receiver.spans.find((s) => s.name === 'POST /v1/execute_tool'));
    expect(http.service).toBe('switchboard-test');
    expect(http.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/v1/execute_tool', 'http.response.status_code': 200 });
    const trace = () => receiver.spans.filter((s) => s.traceId === http.traceId);
    const call = await until(async () => {
      await flushTraces();
      return trace().find((s) => s.name === 'tools/call echo');
    });
    expect(call.attributes).toMatchObject({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'echo', 'switchboard.server': 'everything', 'switchboard.outcome': 'completed' });
    const names = trace().map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining([expect.stringMatching(/^StartWorkflow:/), expect.stringMatching(/^RunWorkflow:/), expect.stringMatching(/^RunActivity:callTool$/)]));
    // Parent links: the MCP call under the activity, the workflow start under the HTTP span.
    const byId = new Map(trace().map((s) => [s.spanId, s]));
    expect(byId.get(call.parentSpanId)?.name).toBe('RunActivity:callTool');
    const start = trace().find((s) => s.name.startsWith('StartWorkflow:'))!;
    expect(start.parentSpanId).toBe(http.spanId);
    // The request's log lines carry the trace id.
    const logged = lines.filter((l) => l.trace_id === http.traceId);
    expect(logged.map((l) => l.msg)).toContain('request completed');
  });

  it('continues an incoming traceparent and shows retrieval stages', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await t.app.inject({ method: 'GET', url: '/v2/retrieve_tools?query=echo%20a%20message&top_k=3', headers: { ...user.headers, traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    expect(res.statusCode, JSON.stringify(lines.filter((l) => l.err))).toBe(200);
    await flushTraces();
    const retrieval = await until(async () => receiver.spans.find((s) => s.traceId === traceId && s.name === 'retrieval'));
    expect(retrieval.attributes['switchboard.search.backend']).toBe(t.config.searchBackend);
    const stages = receiver.spans.filter((s) => s.traceId === traceId).map((s) => s.name);
    expect(stages).toEqual(expect.arrayContaining(['GET /v2/retrieve_tools', 'retrieval.scope', 'retrieval.rank', 'retrieval.fusion', 'retrieval.availability']));
  });

  it("hands the MCP server the trace context in the tools/call request's _meta", async () => {
    // A real Streamable HTTP MCP server that records the _meta it is called with (port of helper M2's range).
    const recorder = await startMetaRecorder(30511);
    try {
      const admin = await t.createUser({ plan: 'pro', role: 'admin' });
      const created = await t.app.inject({
        method: 'POST',
        url: '/custom-packs/mcp-servers',
        headers: admin.headers,
        payload: { name: 'traced', display_name: 'Traced', description: 'records the request metadata', config: { url: recorder.url } },
      });
      expect(created.statusCode, created.body).toBe(201);
      const traceId = '0af7651916cd43dd8448eb211c80319c';
      const run = await t.app.inject({
        method: 'POST',
        url: '/v1/execute_tool',
        headers: { ...admin.headers, traceparent: `00-${traceId}-b7ad6b7169203331-01`, tracestate: 'vendor=opaque' },
        payload: { tool_name: 'traced/record', params: { note: 'meta' } },
      });
      expect(run.statusCode, run.body).toBe(200);
      expect(recorder.received).toHaveLength(1);
      const meta = recorder.received[0]!;
      // W3C trace context as the OpenTelemetry MCP conventions carry it; the SDK's progress token kept beside it.
      const traceparent = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(String(meta.traceparent));
      expect(traceparent?.[1]).toBe(traceId);
      expect(meta.tracestate).toBe('vendor=opaque');
      expect(meta.progressToken).toBeDefined();
      // The parent the server continues from is our tools/call client span, in the request's trace.
      const call = await until(async () => {
        await flushTraces();
        return receiver.spans.find((s) => s.traceId === traceId && s.name === 'tools/call record');
      });
      expect(call.spanId).toBe(traceparent?.[2]);
      expect(receiver.spans.find((s) => s.traceId === traceId && s.name === 'POST /v1/execute_tool')).toBeDefined();
    } finally {
      await recorder.close();
    }
  });
});
