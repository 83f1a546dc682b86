import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWebhookWithin } from '../../db/webhooks/webhooks.ts';
import type { TestApp } from '../support/test-app.ts';
import { createExecutionApp, until } from '../execution/helpers/setup.ts';

type Json = Record<string, any>;

/** Every spelling of a loopback (or metadata) address we know of, on the listener's port. */
function loopbackSpellings(port: number): string[] {
  return [
    // Issue 33 item 6: WHATWG URL turns this into [::ffff:7f00:1], which the old text match missed.
    `http://[::ffff:127.0.0.1]:${port}/x`,
    `http://[::ffff:7f00:1]:${port}/x`,
    `http://[0:0:0:0:0:ffff:7f00:1]:${port}/x`,
    `http://[::ffff:0:127.0.0.1]:${port}/x`, // IPv4-translated
    `http://[::127.0.0.1]:${port}/x`, // IPv4-compatible
    `http://[64:ff9b::127.0.0.1]:${port}/x`, // NAT64
    `http://[2002:7f00:1::]:${port}/x`, // 6to4 of 127.0.0.1
    `http://[::]:${port}/x`,
    `http://[::1]:${port}/x`,
    `http://0.0.0.0:${port}/x`,
    `http://2130706433:${port}/x`, // decimal
    `http://0177.0.0.1:${port}/x`, // octal
    `http://0x7f.0.0.1:${port}/x`, // hex
    `http://127.1:${port}/x`,
    `http://localhost:${port}/x`,
    'http://[::ffff:169.254.169.254]/latest/meta-data/', // cloud metadata, mapped
    'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
  ];
}

// With private targets off (the default), no spelling of loopback may be subscribed to, and a
// subscription that holds one anyway (saved under an earlier rule) is refused when delivering:
// a real listener on 127.0.0.1 sees no request either way.
describe('webhooks to private targets, private targets off', { timeout: 90_000 }, () => {
  let t: TestApp;
  const hits: { url: string; headers: IncomingHttpHeaders }[] = [];
  const listener = createServer((req, res) => {
    hits.push({ url: req.url ?? '', headers: req.headers });
    res.end('ok');
  });
  let port = 0;

  beforeAll(async () => {
    t = await createExecutionApp();
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  it('is off unless configured', () => {
    expect(t.config.allowPrivateWebhookTargets).toBe(false);
  });

  it('refuses every encoding of loopback when subscribing and when changing the URL', async () => {
    const user = await t.createUser({ plan: 'pro' });
    for (const url of loopbackSpellings(port)) {
      const created = await t.app.inject({ method: 'POST', url: '/webhooks', headers: user.headers, payload: { url, events: ['tool.executed'] } });
      expect(created.statusCode, `${url}: ${created.body}`).toBe(400);
      expect(created.json().error.message).toMatch(/private, loopback or link-local/);
    }
    const ok = await t.app.inject({ method: 'POST', url: '/webhooks', headers: user.headers, payload: { url: 'https://1.1.1.1/hook', events: ['tool.executed'] } });
    expect(ok.statusCode, ok.body).toBe(201);
    const patched = await t.app.inject({ method: 'PATCH', url: `/webhooks/${ok.json().id}`, headers: user.headers, payload: { url: `http://[::ffff:127.0.0.1]:${port}/x` } });
    expect(patched.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/webhooks', headers: user.headers })).json().webhooks.map((w: Json) => w.url)).toEqual(['https://1.1.1.1/hook']);
  });

  it('refuses at delivery time a stored subscription whose address is loopback in disguise: the listener sees nothing', async () => {
    const user = await t.createUser({ plan: 'pro' });
    // Rows as an earlier rule let them be saved: the connect-time check is what must hold.
    const disguised = [`http://[::ffff:127.0.0.1]:${port}/x`, `http://localhost:${port}/x`, `http://0.0.0.0:${port}/x`];
    const hooks = [];
    for (const url of disguised) {
      const stored = await insertWebhookWithin(t.db, { userId: user.user.id, url, events: ['tool.executed'], description: 'disguised', secret: `whsec_${'0'.repeat(64)}` }, null);
      if (!stored.row) throw new Error('the row was not stored');
      hooks.push(stored.row);
    }
    const run = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'get-sum', params: { a: 1, b: 2 } } });
    expect(run.statusCode, run.body).toBe(200);
    for (const hook of hooks) {
      const delivery = await until(async () => {
        const log = await t.app.inject({ method: 'GET', url: `/webhooks/${hook.id}/deliveries`, headers: user.headers });
        const d = (log.json() as { deliveries: Json[] }).deliveries[0];
        return d?.status === 'failed' ? d : undefined;
      }, 30_000, 200);
      // Refused once, not retried: a refused target will not heal.
      expect(delivery.attempts).toHaveLength(1);
      expect(delivery.attempts[0].error).toMatch(/^refused private address /);
      expect(delivery.attempts[0].status_code).toBeNull();
    }
    expect(hits).toEqual([]);
  });
});
