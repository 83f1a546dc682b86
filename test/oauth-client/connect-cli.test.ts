import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, freshHome } from '../cli/helpers/run-cli.ts';
import { startListeningService } from '../cli/helpers/service.ts';
import type { TestApp } from '../support/test-app.ts';
import { OAuthStandIn } from './stand-in.ts';

// `switchboard servers connect NAME` (issue 36, item 3): the real binary prints the link, the
// test plays the person at the stand-in's authorization server, and the binary, polling the
// connection's status, ends once the callback made it; `disconnect` ends it again.

const standIn = new OAuthStandIn();
let t: TestApp;
let url: string;
let home: string;
let env: Record<string, string>;

beforeAll(async () => {
  await standIn.start();
  ({ t, url } = await startListeningService());
  const created = await t.app.inject({
    method: 'POST',
    url: '/admin/mcp_registry',
    headers: t.adminHeaders,
    payload: { name: 'remote', display_name: 'Remote', description: 'behind OAuth', url: 'https://example.com', icon: 'cloud', category: 'custom', launch: { type: 'streamable-http', url: standIn.mcpUrl } },
  });
  expect(created.statusCode, created.body).toBe(201);
  home = await freshHome();
  const { apiKey } = await t.createUser({ plan: 'pro' });
  env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), SWITCHBOARD_URL: url, SWITCHBOARD_API_KEY: apiKey };
}, 180_000);
afterAll(async () => {
  await t?.close();
  await standIn.stop();
  if (home) await rm(home, { recursive: true, force: true });
});

describe('switchboard servers connect', { timeout: 90_000 }, () => {
  it('prints the link, waits while the person signs in, and ends connected', async () => {
    const child = spawn(process.execPath, [BIN, 'servers', 'connect', 'remote', '--interval', '0.3'], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const link = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        // The link, once the CLI says it waits (the two may come in separate chunks).
        const found = /^(http\S+\/authorize\?\S+)$/m.exec(stderr);
        if (found?.[1] && stderr.includes('Waiting for the connection')) resolve(found[1]);
      });
      child.on('close', () => reject(new Error(`the CLI ended without a link: ${stderr}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const authorize = new URL(link);
    authorize.searchParams.set('login_hint', 'dave');
    expect((await fetch(authorize, { redirect: 'follow' })).status).toBe(200);
    expect(await exited).toBe(0);
    expect(stdout).toContain('remote is connected');
    for (const secret of standIn.issued) expect(`${stdout}${stderr}`).not.toContain(secret);
  });

  it('disconnect revokes the grant at the AS and ends it; a second disconnect says there is none (exit 4)', async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env } });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('close', (code) => resolve({ code, out }));
      });
    const first = await run(['servers', 'disconnect', 'remote']);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain('remote disconnected');
    // The grant was revoked at the authorization server too (RFC 7009), not only forgotten here.
    expect(standIn.revocations).toEqual(['dave']);
    expect((await run(['servers', 'disconnect', 'remote'])).code).toBe(4);
  });
});
