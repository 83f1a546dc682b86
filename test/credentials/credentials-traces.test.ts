import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.ts';
import { flushTraces, startTracing, stopTracing } from '../../platform/telemetry/tracing.ts';
import { closedPort } from '../cli/helpers/run-cli.ts';
import { registerSearchAttributes, until } from '../execution/helpers/setup.ts';
import { startOtlpReceiver } from '../observability/otlp-receiver.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { addTokenServer, TOKEN_SERVER } from './helpers.ts';

// Issue 35, item 4: a credential value is never in a trace. With tracing on, a user sets a value
// (PUT), reads the status, runs a tool of that server directly and as a job; every span the
// service exports over OTLP (names and attributes) is searched for the value.

const CANARY = `trace-canary-${Date.now()}`;
let t: TestApp;
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;

beforeAll(async () => {
  receiver = await startOtlpReceiver(await closedPort());
  // Before Temporal is connected: its client and the worker take the interceptors then.
  startTracing({ url: receiver.url, serviceName: 'switchboard-credentials-test' }, createLogger('silent'));
  t = await createTestApp();
  await registerSearchAttributes(t.temporal.client, t.temporal.namespace);
  await addTokenServer(t);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await stopTracing();
  await receiver?.close();
});

describe('credentials and traces', { timeout: 60_000 }, () => {
  it('no span holds the value', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const put = await t.app.inject({ method: 'PUT', url: `/mcp_servers/${TOKEN_SERVER}/credentials`, headers: user.headers, payload: { values: { X_TOKEN: CANARY } } });
    expect(put.statusCode, put.body).toBe(200);
    await t.app.inject({ method: 'GET', url: `/mcp_servers/${TOKEN_SERVER}/credentials`, headers: user.headers });
    const run = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: `${TOKEN_SERVER}/echo`, params: { message: 'traced' } } });
    expect(run.statusCode, run.body).toBe(200);
    await flushTraces();
    await until(async () => {
      await flushTraces();
      return receiver.spans.some((s) => s.name === 'tools/call echo') && receiver.spans.some((s) => s.name.startsWith('PUT /mcp_servers'));
    });
    expect(JSON.stringify(receiver.spans)).not.toContain(CANARY);
  });
});
