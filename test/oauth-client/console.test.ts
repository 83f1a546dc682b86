import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serve, signedInPage } from '../console/browser.ts';
import type { TestApp } from '../support/test-app.ts';
import type { OAuthStandIn } from './stand-in.ts';
import { remoteOAuthSetup } from './helpers.ts';

// Issue 36, item 3, the console: a server's page shows the person's connection, Connect sends
// the real browser to the server's authorization server (its sign-in page, stand-in.ts) and back
// to our callback, which says it is connected; Disconnect ends it. No token reaches the page.
describe('console: connecting a remote OAuth server', { timeout: 120_000 }, () => {
  let standIn: OAuthStandIn;
  let t: TestApp;
  let close: () => Promise<void>;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ standIn, t, close } = await remoteOAuthSetup());
    origin = await serve(t);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await close?.();
  });

  it('connects through the server\'s sign-in page, shows it connected, disconnects', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const page = await signedInPage(browser, origin, user.apiKey, '/console/servers/remote');
    const card = page.getByRole('region', { name: 'Your account on this server' });
    expect(await card.getByTestId('connection-status').textContent()).toBe('not connected');
    await card.getByRole('button', { name: 'Connect' }).click();
    // The authorization server's own page, on its own origin.
    await page.getByRole('button', { name: 'Allow Switchboard' }).waitFor();
    expect(new URL(page.url()).origin).toBe(standIn.base);
    await page.getByLabel('Account').fill('carol');
    await page.getByRole('button', { name: 'Allow Switchboard' }).click();
    await page.getByText('remote is connected').waitFor();
    expect(page.url().startsWith(`${origin}/oauth/callback?`)).toBe(true);
    await page.getByRole('link', { name: 'see the server' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await card.getByTestId('connection-status').getByText('connected', { exact: true }).waitFor();
    expect(await page.content()).not.toMatch(/at-[0-9a-f]{32}|rt-[0-9a-f]{32}/);

    const run = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'remote/whoami', params: {} } });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.body).toContain('account carol');

    await card.getByRole('button', { name: 'Disconnect' }).click();
    await card.getByTestId('connection-status').getByText('not connected', { exact: true }).waitFor();
    await page.context().close();
  });
});
