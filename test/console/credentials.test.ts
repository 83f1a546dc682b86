import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { launchBrowser, serve, signedInPage } from './browser.ts';

// Issue 35, item 4: the credentials form on a server's page: the names its entry declares, set
// or not and when, password fields, the vendor's setup link; a value goes out once and is never
// shown again (not in the page, not in any answer the page reads). Real Chromium, whole service.
describe('console: a server\'s credentials', { timeout: 120_000 }, () => {
  const SERVER = 'console-token';
  const CANARY = `console-canary-${Date.now()}`;
  let t: TestApp;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    const created = await t.app.inject({
      method: 'POST',
      url: '/admin/mcp_registry',
      headers: t.adminHeaders,
      payload: {
        name: SERVER,
        display_name: 'Console Token',
        description: 'needs two values',
        url: 'https://example.com',
        icon: 'key',
        category: 'custom',
        authentication: { type: 'credentials', required: true, env_vars: ['API_ID', 'API_SECRET'], setup_url: 'https://vendor.example/keys' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    origin = await serve(t);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('sets a value write-only, shows when, marks a refused field, and removes it', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const page = await signedInPage(browser, origin, user.apiKey, `/console/servers/${SERVER}#credentials`);
    const answers: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/credentials')) void response.text().then((text) => answers.push(text), () => undefined);
    });
    const card = page.getByRole('region', { name: 'Your credentials' });
    await card.getByText('Its tools run for you only once these are set.').waitFor();
    expect(await card.getByRole('link', { name: 'Get them from the vendor' }).getAttribute('href')).toBe('https://vendor.example/keys');
    expect(await page.getByTestId('credential-status-API_ID').textContent()).toBe('not set');
    expect(await page.getByLabel(/API_SECRET/).getAttribute('type')).toBe('password');

    await page.getByLabel(/API_SECRET/).fill(CANARY);
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await page.getByTestId('credential-status-API_SECRET').getByText(/^set /).waitFor();
    expect(await page.getByLabel(/API_SECRET/).inputValue()).toBe('');
    expect(await page.getByTestId('credential-status-API_ID').textContent()).toBe('not set');
    expect(await page.content()).not.toContain(CANARY);
    const status = (await t.app.inject({ method: 'GET', url: `/mcp_servers/${SERVER}/credentials`, headers: user.headers })).json();
    expect(status.missing).toEqual(['API_ID']);

    // A refused value: the service's message, the field marked.
    await page.getByLabel(/API_ID/).fill('x'.repeat(8193));
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await card.getByRole('alert').waitFor();
    expect(await page.getByLabel(/API_ID/).getAttribute('aria-invalid')).toBe('true');

    await page.getByRole('button', { name: 'Remove API_SECRET' }).click();
    await page.getByTestId('credential-status-API_SECRET').getByText('not set').waitFor();
    expect(answers.join('\n')).not.toContain(CANARY);
    await page.context().close();
  });
});
