import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertServer } from '../moderation/fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { launchBrowser, serve, signIn, signedInPage } from './browser.ts';

// Issue 12, Build 7 and 8: the admin role's moderation, analytics and users pages, in a real
// Chromium against the whole service; the data they show is made through the REST routes.
describe('console: admin pages', { timeout: 120_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: Browser;
  let admin: Awaited<ReturnType<TestApp['createUser']>>;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    origin = await serve(t);
    browser = await launchBrowser();
    admin = await t.createUser({ role: 'admin', email: `admin-${Date.now()}@example.test` });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const flag = async (server: string, reason: string, details: string) => {
    const reporter = await t.createUser();
    const res = await t.app.inject({ method: 'POST', url: `/mcp-moderation/servers/${server}/flags`, headers: reporter.headers, payload: { reason, details } });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  };
  const flagStatus = async (server: string, id: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/mcp-moderation/servers/${server}/flags?status=all` });
    return (res.json().flags as { id: string; status: string; resolution: string | null }[]).find((f) => f.id === id);
  };
  const openFlag = (page: Page, id: string) => page.locator(`[data-testid="flag"][data-flag-id="${id}"]`);

  it('shows the admin pages in the navigation of an admin (whose session token passes the admin routes)', async () => {
    const page = await signedInPage(browser, origin, admin.apiKey, '/console/admin/moderation');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Moderation', 'Analytics', 'Users']) expect(await nav.getByRole('link', { name }).isVisible()).toBe(true);
    await page.getByRole('heading', { name: 'Open flags' }).waitFor();
    await page.getByText('No open flags').waitFor();
    await page.context().close();
  });

  it('resolves one open flag with a note and dismisses another from the keyboard; each leaves the open list', async () => {
    const spammy = await insertServer(t.db);
    const broken = await insertServer(t.db);
    const first = await flag(spammy, 'spam', 'posts advertisements in tool output');
    const second = await flag(broken, 'broken', 'every call times out');

    const page = await signedInPage(browser, origin, admin.apiKey, '/console/admin/moderation');
    await openFlag(page, first.id).waitFor();
    expect(await page.getByTestId('flag').count()).toBe(2);
    expect(await openFlag(page, first.id).textContent()).toContain('posts advertisements in tool output');

    await openFlag(page, first.id).getByLabel(`Note on the flag on ${spammy}`).fill('confirmed, server removed from packs');
    await openFlag(page, first.id).getByRole('button', { name: `Resolve the flag on ${spammy}` }).click();
    await page.getByRole('status').filter({ hasText: `The spam flag on ${spammy} is resolved.` }).waitFor();
    await openFlag(page, first.id).waitFor({ state: 'detached' });
    expect(await flagStatus(spammy, first.id)).toMatchObject({ status: 'resolved', resolution: 'confirmed, server removed from packs' });
    expect(await page.getByTestId('flag').count()).toBe(1);

    const dismiss = openFlag(page, second.id).getByRole('button', { name: `Dismiss the flag on ${broken}` });
    await dismiss.focus();
    await page.keyboard.press('Enter');
    await openFlag(page, second.id).waitFor({ state: 'detached' });
    expect(await flagStatus(broken, second.id)).toMatchObject({ status: 'dismissed', resolution: null });
    await page.getByText('No open flags').waitFor();
    await page.context().close();
  });

  it('verifies a server from the verification queue', async () => {
    const server = await insertServer(t.db);
    const queued = await t.app.inject({ method: 'PATCH', url: `/mcp-moderation/servers/${server}/verification`, headers: admin.headers, payload: { status: 'pending' } });
    expect(queued.statusCode).toBe(200);
    const page = await signedInPage(browser, origin, admin.apiKey, '/console/admin/moderation');
    await page.getByRole('button', { name: `Verify ${server}` }).click();
    await page.getByRole('status').filter({ hasText: `${server} is now verified.` }).waitFor();
    await page.getByRole('button', { name: `Verify ${server}` }).waitFor({ state: 'detached' });
    const after = await t.app.inject({ method: 'GET', url: `/mcp-moderation/servers/${server}/verification` });
    expect(after.json().status).toBe('verified');
    await page.context().close();
  });

  it("shows one server's reviews and flags, and saves its verification (the service's refusal to feature an unverified server at the field)", async () => {
    const server = await insertServer(t.db);
    const reviewer = await t.createUser();
    const reviewed = await t.app.inject({ method: 'POST', url: `/mcp-moderation/servers/${server}/reviews`, headers: reviewer.headers, payload: { rating: 2, title: 'Flaky', text: 'Half the calls time out.' } });
    expect(reviewed.statusCode).toBe(201);
    await flag(server, 'broken', 'times out');

    const page = await signedInPage(browser, origin, admin.apiKey, `/console/admin/servers/${server}`);
    const reviews = page.getByRole('list', { name: `Reviews of ${server}` });
    await reviews.waitFor();
    expect(await reviews.textContent()).toContain('Half the calls time out.');
    expect(await page.getByRole('list', { name: `Flags on ${server}` }).textContent()).toContain('times out');
    // No runs yet: the usage chart draws flat lines (attached, but zero pixels high).
    await page.locator('.recharts-line-curve').first().waitFor({ state: 'attached' });
    expect(await page.getByText('0 runs and 0 events in the last 30 days.').count()).toBe(1);

    await page.getByLabel('Featured (only a verified server can be)').check();
    await page.getByRole('button', { name: 'Save verification' }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'INVALID_REQUEST' }).textContent()).toContain('Only a verified server can be featured');

    await page.getByLabel('Status').selectOption('verified');
    await page.getByLabel('Notes').fill('source reviewed');
    await page.getByRole('button', { name: 'Save verification' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved: verified, featured.' }).waitFor();
    const after = (await t.app.inject({ method: 'GET', url: `/mcp-moderation/servers/${server}/verification` })).json();
    expect(after).toMatchObject({ status: 'verified', featured: true, notes: 'source reviewed' });
    await page.context().close();
  });

  it("changes a user's role", async () => {
    const person = await t.createUser({ email: `promote-${Date.now()}@example.test` });
    const page = await signedInPage(browser, origin, admin.apiKey, '/console/admin/users');
    const row = page.locator(`[data-testid="user-row"][data-email="${person.user.email}"]`);
    await row.waitFor();
    await row.getByLabel(`Role of ${person.user.email}`, { exact: true }).selectOption('admin');
    await row.getByRole('button', { name: `Change the role of ${person.user.email}` }).click();
    await page.getByRole('status').filter({ hasText: `${person.user.email} is now an admin.` }).waitFor();
    const record = await t.app.inject({ method: 'GET', url: `/admin/users/${person.user.id}`, headers: t.adminHeaders });
    expect(record.json().role).toBe('admin');
    // Once the request has settled the button is disabled again: nothing left to change.
    expect(await row.getByRole('button', { name: `Change the role of ${person.user.email}` }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('shows the trend of the searches made here and a query that found nothing', async () => {
    const searcher = await t.createUser();
    const log = async (query: string, results: number) => {
      const res = await t.app.inject({ method: 'POST', url: '/query/log', headers: searcher.headers, payload: { query, results_count: results, source: 'api' } });
      expect(res.statusCode).toBe(201);
    };
    for (let i = 0; i < 3; i++) await log('deploy a preview build', 4);
    await log('quantum teleport widgets', 0);
    await log('Quantum  teleport widgets', 0);
    const today = new Date().toISOString().slice(0, 10);

    const page = await signedInPage(browser, origin, admin.apiKey, '/console/admin/analytics');
    const trend = page.locator('figure').filter({ hasText: 'Searches per day as a table' });
    await trend.locator('figcaption').waitFor();
    expect(await trend.locator('figcaption').textContent()).toBe(`5 searches in the last 30 days; the busiest day was ${today} with 5.`);
    // The chart is drawn (an SVG line), and its numbers are there for anyone who cannot see it.
    expect(await trend.locator('.recharts-line-curve').count()).toBe(1);
    expect(await trend.locator('.admin-chart-canvas[role="img"]').getAttribute('aria-label')).toContain('5 searches');
    await trend.locator('summary').click();
    expect(await trend.locator('tr').filter({ has: page.getByRole('rowheader', { name: today, exact: true }) }).getByRole('cell').textContent()).toBe('5');
    // Every day of the period is a row: the quiet days are zero, not missing.
    expect(await trend.getByRole('row').count()).toBeGreaterThanOrEqual(31);

    const zero = page.locator('figure').filter({ hasText: 'Zero-result queries as a table' });
    expect(await zero.locator('figcaption').textContent()).toBe('1 queries found nothing; the most frequent was “quantum teleport widgets” (2).');
    const top = page.getByRole('table', { name: 'Top queries' });
    expect(await top.getByRole('row', { name: /deploy a preview build/ }).getByRole('cell').first().textContent()).toBe('3');

    await page.getByLabel('Period').selectOption('7');
    await page.waitForURL(/\/console\/admin\/analytics\?days=7$/);
    await trend.locator('figcaption').filter({ hasText: 'in the last 7 days' }).waitFor();
    await page.context().close();
  });

  it('refuses a person without the admin role with a clear message, and hides the admin pages from their navigation', async () => {
    const person = await t.createUser();
    const page = await signedInPage(browser, origin, person.apiKey, '/console/admin/analytics');
    const refusal = page.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('This page is for administrators.');
    expect(await refusal.textContent()).toContain('FORBIDDEN');
    expect(await page.getByRole('heading', { name: 'Searches' }).count()).toBe(0);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Moderation', 'Analytics', 'Users']) expect(await nav.getByRole('link', { name }).count()).toBe(0);

    await page.goto(`${origin}/console/admin/moderation`);
    await page.getByRole('alert').filter({ hasText: 'This page is for administrators.' }).waitFor();
    await page.context().close();
  });

  it('fits a phone: the moderation and analytics pages do not scroll sideways at 390 px', async () => {
    const server = await insertServer(t.db);
    await flag(server, 'misleading', 'claims to be the official client of a service it is not related to');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${origin}/console/admin/moderation`);
    await signIn(page, admin.apiKey);
    await page.getByTestId('flag').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto(`${origin}/console/admin/analytics`);
    await page.locator('figcaption').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
