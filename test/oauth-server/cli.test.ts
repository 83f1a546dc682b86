import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { serve } from '../console/browser.ts';
import { freshHome, runCli } from '../cli/helpers/run-cli.ts';
import { mcpInitialize, obtainTokens } from './helpers.ts';

// Issue 36: the connected applications of the console's account page, from the command line.
describe('switchboard clients', { timeout: 120_000 }, () => {
  let t: TestApp;
  let base: string;
  let home: string;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    base = await serve(t);
    home = await freshHome();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it('lists connected applications and revokes one', async () => {
    const { apiKey } = await t.createUser();
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), SWITCHBOARD_URL: base, SWITCHBOARD_API_KEY: apiKey };
    expect((await runCli(['clients', 'list'], env)).stdout).toContain('No connected applications.');
    const { tokens } = await obtainTokens(base, apiKey, { scope: 'search run' });
    const listed = await runCli(['clients', 'list'], env);
    expect(listed.stdout).toMatch(/active\s+Test client\s+search run/);
    const id = JSON.parse((await runCli(['clients', 'list', '--json'], env)).stdout).clients[0].id as string;
    const revoked = await runCli(['clients', 'revoke', id], env);
    expect([revoked.code, revoked.stdout]).toEqual([0, expect.stringContaining('Revoked sbc_')]);
    expect((await mcpInitialize(`${base}/mcp`, tokens.access_token)).status).toBe(401);
    const again = await runCli(['clients', 'revoke', id], env);
    expect(again.code).not.toBe(0);
  });
});
