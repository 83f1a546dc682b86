import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutionApp } from '../execution/helpers/setup.ts';
import type { TestApp } from '../support/test-app.ts';

// Issue 33, item 1: server-everything's gzip-file-as-resource fetched any http(s) URL (its
// GZIP_ALLOWED_DOMAINS unset means "all"), so a free user read the Temporal UI's API on loopback
// and got another user's job history back. Here a free user points it, through the real REST
// route, at a loopback server this test runs (standing in for the Temporal UI); the attack must
// fail and that server must never see a request, whatever spelling of loopback is used.

const SECRET = 'another-users-job-history-0d1f';
const CANARY = 'SWITCHBOARD_TEST_CANARY_SECRET';

describe('bundled tools cannot reach the service network position', { timeout: 60_000 }, () => {
  let t: TestApp;
  let target: Server;
  let port: number;
  const hits: string[] = [];
  let free: Awaited<ReturnType<TestApp['createUser']>>;

  beforeAll(async () => {
    // The worker (and the stdio children it launches) runs in this process: a secret in our
    // environment must not show in what a tool can print.
    process.env[CANARY] = 'canary-value-9f3a';
    target = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/redirect') {
        res.writeHead(302, { location: '/history' }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ history: SECRET }));
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    port = (target.address() as AddressInfo).port;
    t = await createExecutionApp();
    free = await t.createUser({ plan: 'free' });
  }, 120_000);
  afterAll(async () => {
    delete process.env[CANARY];
    await t?.close();
    await new Promise((resolve) => target?.close(resolve));
  });

  const run = (tool: string, params: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: free.headers, payload: { tool_name: tool, params } });

  it('refuses every loopback spelling and never connects to it', async () => {
    const urls = [
      `http://127.0.0.1:${port}/history`,
      `http://localhost:${port}/history`,
      `http://[::ffff:127.0.0.1]:${port}/history`,
      `http://2130706433:${port}/history`,
      `http://127.0.0.1:${port}/redirect`,
    ];
    for (const data of urls) {
      const r = await run('everything/gzip-file-as-resource', { data, outputType: 'resource' });
      expect(r.statusCode, data).toBe(500);
      expect(r.json().error, data).toMatchObject({ code: 'EXECUTION_ERROR', details: { tool_error: expect.stringMatching(/not in the allowed domains list/) } });
      expect(r.body).not.toContain(Buffer.from(SECRET).toString('base64').slice(0, 12));
    }
    expect(hits).toEqual([]);
  });

  it('still runs the tool on data: URIs, which reach no network', async () => {
    const text = 'compress me';
    const before = hits.length;
    const r = await run('everything/gzip-file-as-resource', { data: `data:text/plain;base64,${Buffer.from(text).toString('base64')}`, outputType: 'resource' });
    expect(r.statusCode).toBe(200);
    const blob = r.json().data.result.content[0].resource.blob as string;
    expect(gunzipSync(Buffer.from(blob, 'base64')).toString()).toBe(text);
    expect(hits.length).toBe(before);
  });

  it('get-env shows the child only its minimal environment, no secret of ours', async () => {
    const r = await run('everything/get-env', {});
    expect(r.statusCode).toBe(200);
    const env = JSON.parse(r.json().data.result.content[0].text as string) as Record<string, string>;
    expect(Object.keys(env).sort()).toEqual(expect.arrayContaining(['GZIP_ALLOWED_DOMAINS']));
    // What the sandbox gives every server (sandbox/command.ts) and bwrap's PWD; nothing of the service's.
    for (const key of Object.keys(env)) expect(['GZIP_ALLOWED_DOMAINS', 'HOME', 'LANG', 'PATH', 'PWD', 'TMPDIR']).toContain(key);
    expect(JSON.stringify(env)).not.toContain('canary-value-9f3a');
  });
});
