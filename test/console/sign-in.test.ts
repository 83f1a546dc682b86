import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { launchBrowser, serve, signIn, signedInPage } from './browser.ts';

// Issue 12, Build 1: sign in with an API key, sign out, and the device-approval page that
// POST /auth/cli/start's verification_url opens — in a real Chromium against the whole service.
describe('console: sign in and device approval', { timeout: 120_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    origin = await serve(t);
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('serves the built single page at /console with a same-origin content policy', async () => {
    const page = await fetch(`${origin}/console/jobs/anything`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await page.text();
    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${origin}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${origin}/console/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${origin}/console`, { redirect: 'manual' })).headers.get('location')).toBe('/console/');
  });

  it('signs in with an API key, keeps only a session token, and signs out', async () => {
    const user = await t.createUser({ email: `signin-${Date.now()}@example.test` });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/console/`);
    await page.getByLabel('API key').fill('sb_not_a_real_key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/UNAUTHORIZED/);

    await signIn(page, user.apiKey);
    await page.waitForURL(/\/console\/discover$/);
    expect(await page.getByText(user.user.email).isVisible()).toBe(true);
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).toContain('switchboard.session');
    expect(stored).not.toContain(user.apiKey);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('switchboard.session'))).toBeNull();
    await context.close();
  });

  it('approves a device login started with POST /auth/cli/start, after which polling returns the token', async () => {
    const user = await t.createUser();
    const started = await t.app.inject({ method: 'POST', url: '/auth/cli/start', payload: { client_name: 'laptop terminal' }, remoteAddress: '203.0.113.9' });
    const { device_code, user_code, verification_url_complete } = started.json();
    expect(verification_url_complete).toContain('/console/device?user_code=');
    expect((await t.app.inject({ method: 'POST', url: '/auth/cli/poll', payload: { device_code } })).json().status).toBe('pending');

    const path = new URL(verification_url_complete).pathname + new URL(verification_url_complete).search;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}${path}`);
    await page.getByText('Sign in to approve the login your terminal started.').waitFor();
    await signIn(page, user.apiKey);
    await page.getByTestId('client-name').waitFor();
    expect(await page.getByTestId('client-name').textContent()).toBe('laptop terminal');
    expect(await page.getByTestId('user-code').textContent()).toBe(user_code);
    // Issue 33, item 8: where and when the login was asked for, not only the requester's free text.
    expect(await page.getByTestId('requested-from').textContent()).toBe('203.0.113.9');
    const { requested_at } = (await t.app.inject({ method: 'GET', url: `/auth/cli/verify?user_code=${user_code}` })).json();
    const expectedAt = await page.evaluate((at: number) => new Date(at * 1000).toLocaleString(), requested_at as number);
    expect(await page.getByTestId('requested-at').textContent()).toBe(expectedAt);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByTestId('device-status').filter({ hasText: 'approved' }).waitFor();

    const polled = (await t.app.inject({ method: 'POST', url: '/auth/cli/poll', payload: { device_code } })).json();
    expect(polled).toMatchObject({ status: 'complete', token_type: 'Bearer', user: { id: user.user.id } });
    await context.close();
  });

  it('denies a device login: polling answers denied and no token is ever issued', async () => {
    const user = await t.createUser();
    const { device_code, user_code } = (await t.app.inject({ method: 'POST', url: '/auth/cli/start', payload: {} })).json();
    const page = await signedInPage(browser, origin, user.apiKey, '/console/device');
    await page.getByLabel('Code shown in your terminal').fill(user_code.toLowerCase());
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByTestId('client-name').waitFor();
    expect(await page.getByTestId('client-name').textContent()).toBe('an unnamed client');
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.getByTestId('device-status').filter({ hasText: 'denied' }).waitFor();
    expect((await t.app.inject({ method: 'POST', url: '/auth/cli/poll', payload: { device_code } })).json().status).toBe('denied');

    await page.getByLabel('Code shown in your terminal').fill('ZZZZ-ZZZZ');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/NOT_FOUND/);
    await page.context().close();
  });
});
