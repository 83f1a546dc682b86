import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSearchAttributes } from '../execution/helpers/setup.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { OAuthStandIn } from './stand-in.ts';

// A user's own custom server (config.url) behind OAuth (issue 36): the same connect action as a
// registry entry, its tools listed through the owner's connection, run with the owner's token.
// Not operator-chosen, so every request of it goes through the public-only guard: the stand-in
// on loopback is reachable only because this service allows private targets.
describe('a custom server behind OAuth', { timeout: 90_000 }, () => {
  const standIn = new OAuthStandIn();
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    await standIn.start();
    t = await createTestApp({ env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });
    await registerSearchAttributes(t.temporal.client, t.temporal.namespace);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await standIn.stop();
  });

  it('connects the owner and runs its tool with the owner\'s token', async () => {
    const owner = await t.createUser({ plan: 'pro' });
    const json = { ...owner.headers, 'content-type': 'application/json' };
    const created = await fetch(`${base}/custom-packs/mcp-servers`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'my-remote', display_name: 'Mine', description: 'behind OAuth', config: { url: standIn.mcpUrl } }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const started = await fetch(`${base}/mcp_servers/my-remote/connection`, { method: 'POST', headers: owner.headers });
    expect(started.status, await started.clone().text()).toBe(200);
    const link = new URL(((await started.json()) as { authorization_url: string }).authorization_url);
    link.searchParams.set('login_hint', 'frank');
    expect((await fetch(link)).status).toBe(200);
    const run = await fetch(`${base}/v1/execute_tool`, { method: 'POST', headers: json, body: JSON.stringify({ tool_name: 'my-remote/whoami', params: {} }) });
    const body = await run.text();
    expect(run.status, body).toBe(200);
    expect(body).toContain('account frank');
    expect(standIn.calls.map((c) => c.account)).toEqual(['frank']);
    // Another user cannot see it, so cannot connect to it.
    const stranger = await t.createUser({ plan: 'pro' });
    expect((await fetch(`${base}/mcp_servers/my-remote/connection`, { method: 'POST', headers: stranger.headers })).status).toBe(404);
  });
});
