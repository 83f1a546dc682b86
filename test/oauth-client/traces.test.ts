import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.ts';
import { flushTraces, startTracing, stopTracing } from '../../platform/telemetry/tracing.ts';
import { closedPort } from '../cli/helpers/run-cli.ts';
import { registerSearchAttributes, until } from '../execution/helpers/setup.ts';
import { startOtlpReceiver } from '../observability/otlp-receiver.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { OAuthStandIn } from './stand-in.ts';

// Issue 36: with tracing on, a user connects a remote OAuth server (the callback carries the
// code and state in its URL), runs its tool, and the token is refreshed after a 401: no span
// the service exports over OTLP holds a code, an access or a refresh token.

const standIn = new OAuthStandIn();
let t: TestApp;
let base: string;
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;

beforeAll(async () => {
  await standIn.start();
  receiver = await startOtlpReceiver(await closedPort());
  startTracing({ url: receiver.url, serviceName: 'switchboard-oauth-client-test' }, createLogger('silent'));
  t = await createTestApp();
  await registerSearchAttributes(t.temporal.client, t.temporal.namespace);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const created = await t.app.inject({
    method: 'POST',
    url: '/admin/mcp_registry',
    headers: t.adminHeaders,
    payload: { name: 'remote', display_name: 'Remote', description: 'behind OAuth', url: 'https://example.com', icon: 'cloud', category: 'custom', launch: { type: 'streamable-http', url: standIn.mcpUrl } },
  });
  expect(created.statusCode, created.body).toBe(201);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await stopTracing();
  await receiver?.close();
  await standIn.stop();
});

describe('OAuth connections and traces', { timeout: 60_000 }, () => {
  it('no span holds a code or a token', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const started = await fetch(`${base}/mcp_servers/remote/connection`, { method: 'POST', headers: user.headers });
    const link = new URL(((await started.json()) as { authorization_url: string }).authorization_url);
    link.searchParams.set('login_hint', 'gina');
    expect((await fetch(link)).status).toBe(200);
    const run = () => fetch(`${base}/v1/execute_tool`, { method: 'POST', headers: { ...user.headers, 'content-type': 'application/json' }, body: '{"tool_name":"remote/whoami","params":{}}' });
    expect((await run()).status).toBe(200);
    standIn.expireAccessTokens('gina');
    expect((await run()).status).toBe(200);
    expect(standIn.refreshes.get('gina')).toBe(1);
    await until(async () => {
      await flushTraces();
      return receiver.spans.some((s) => s.name === 'tools/call whoami') && receiver.spans.some((s) => s.name.startsWith('GET /oauth/callback'));
    });
    const spans = JSON.stringify(receiver.spans);
    expect(standIn.issued.length).toBeGreaterThanOrEqual(5);
    for (const secret of standIn.issued) expect(spans).not.toContain(secret);
  });
});
