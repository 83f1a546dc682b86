import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_TIMEOUT_MS, syncRegistry, useSmallCatalog } from '../registry/helpers.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { launchBrowser, serve, signedInPage } from './browser.ts';

type Json = Record<string, any>;

// Issue 12, Build 4: the registry with categories, verification and ratings; enabling servers
// and packs; own packs within the plan's allowance (PLAN_LIMIT_EXCEEDED as a message with the
// upgrade path); each pack's MCP configuration with a copy button. Real Chromium, the whole
// service with a small real catalog synced through its workflow.
describe('console: servers and packs', { timeout: 180_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    t = await createTestApp();
    useSmallCatalog(t);
    await syncRegistry(t);
    origin = await serve(t);
    browser = await launchBrowser();
  }, SYNC_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const serverState = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/user-servers/servers', headers })).json() as Json;

  it('lists the registry by category, enables a server, and shows its verification and ratings', async () => {
    const user = await t.createUser();
    const critic = await t.createUser();
    const review = await t.app.inject({ method: 'POST', url: '/mcp-moderation/servers/github/reviews', headers: critic.headers, payload: { rating: 4, title: 'Does the job' } });
    expect(review.statusCode, review.body).toBe(201);
    const verified = await t.app.inject({ method: 'PATCH', url: '/mcp-moderation/servers/github/verification', headers: t.adminHeaders, payload: { status: 'verified' } });
    expect(verified.statusCode, verified.body).toBe(200);

    const page = await signedInPage(browser, origin, user.apiKey, '/console/servers');
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    const total = (await t.app.inject({ method: 'GET', url: '/mcp_servers', headers: user.headers })).json().total as number;
    expect(await rows.count()).toBe(Math.min(total, 50));

    // The category filter keeps only that category's servers.
    await page.getByLabel('Category').selectOption('version-control');
    await page.getByRole('link', { name: /GitLab/i }).waitFor();
    const categories = await page.locator('tbody td[data-label="Category"]').allTextContents();
    expect(categories.length).toBeGreaterThan(0);
    expect(new Set(categories)).toEqual(new Set(['version-control']));
    await page.getByLabel('Filter').fill('zzz-nothing-like-this');
    await page.getByText('No server matches these filters.').waitFor();
    await page.getByLabel('Filter').fill('github');

    // Enable GitHub for this person: the service records it.
    const github = page.getByRole('row', { name: /github/i });
    await github.getByRole('button', { name: /^Enable/ }).click();
    await github.getByRole('button', { name: /^Disable/ }).waitFor();
    expect((await serverState(user.headers)).enabled_servers).toContain('github');

    // Its page: verification and the ratings others gave.
    await page.getByRole('link', { name: /github/i }).first().click();
    await page.waitForURL(/\/console\/servers\/github$/);
    expect(await page.getByTestId('verification-status').textContent()).toBe('verified');
    await page.getByText('from 1 review').waitFor();
    expect(await page.getByRole('region', { name: 'Ratings' }).textContent()).toContain('4.0');
    expect(await page.getByRole('region', { name: 'Ratings' }).textContent()).toContain('Does the job');
    await page.getByRole('button', { name: 'Disable for me' }).click();
    await page.getByRole('button', { name: 'Enable for me' }).waitFor();
    expect((await serverState(user.headers)).enabled_servers).not.toContain('github');
    await page.context().close();
  });

  it('creates a pack, adds and removes a server, edits it, shows its MCP configuration with a copy button, and deletes it', async () => {
    // Pro: the /custom-packs routes count against the server-management rate limit (10 a minute on free).
    const user = await t.createUser({ plan: 'pro' });
    const page = await signedInPage(browser, origin, user.apiKey, '/console/packs');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await page.getByTestId('pack-allowance').filter({ hasText: '0 of 10 packs' }).waitFor();

    // Curated packs are listed beside the person's own.
    const curated = page.getByRole('region', { name: 'Curated packs' });
    await curated.getByRole('link').first().waitFor();
    const curatedList = (await t.app.inject({ method: 'GET', url: '/packs', headers: user.headers })).json().packs.filter((p: Json) => p.kind === 'curated') as Json[];
    expect(await curated.locator('tbody tr').count()).toBe(curatedList.length);

    await page.getByLabel('Name').fill('My tools');
    await page.getByLabel('Description').fill('what I use every day');
    await page.getByRole('button', { name: 'Create pack' }).click();
    await page.waitForURL(/\/console\/packs\/[^/]+$/);
    const packId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.getByRole('heading', { name: 'My tools' }).waitFor();
    await page.getByText('No servers yet').waitFor();

    await page.getByRole('button', { name: 'Add a server…' }).click();
    await page.getByLabel('Server', { exact: true }).selectOption('slack');
    await page.getByRole('button', { name: 'Add to pack' }).click();
    const servers = page.getByRole('list', { name: 'Servers in this pack' });
    await servers.getByRole('link', { name: /slack/i }).waitFor();
    let detail = (await t.app.inject({ method: 'GET', url: `/custom-packs/packs/${packId}`, headers: user.headers })).json() as Json;
    expect(detail.servers.map((s: Json) => s.name)).toEqual(['slack']);

    // The MCP endpoint is the pack's own, and the copy button copies the configuration shown.
    expect(await page.getByTestId('mcp-url').textContent()).toBe(`${origin}/mcp/packs/${packId}`);
    const config = (await page.getByTestId('mcp-config').textContent()) ?? '';
    expect(JSON.parse(config)).toMatchObject({ mcpServers: { 'switchboard-my-tools': { type: 'http', url: `${origin}/mcp/packs/${packId}` } } });
    await page.getByRole('button', { name: 'Copy configuration' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(config);
    await page.getByLabel('Client').selectOption('vscode');
    expect(JSON.parse((await page.getByTestId('mcp-config').textContent()) ?? '{}')).toHaveProperty(['servers', 'switchboard-my-tools', 'url'], `${origin}/mcp/packs/${packId}`);

    // Edit, then remove the server again.
    await page.getByRole('button', { name: 'Edit name and description' }).click();
    await page.getByLabel('Name').fill('My daily tools');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'My daily tools' }).waitFor();
    await servers.getByRole('button', { name: /remove slack/i }).click();
    await page.getByText('No servers yet').waitFor();
    detail = (await t.app.inject({ method: 'GET', url: `/custom-packs/packs/${packId}`, headers: user.headers })).json() as Json;
    expect(detail).toMatchObject({ name: 'My daily tools', servers: [] });

    await page.getByRole('button', { name: 'Delete pack…' }).click();
    await page.getByRole('button', { name: 'Yes, delete the pack' }).click();
    await page.waitForURL(/\/console\/packs$/);
    await page.getByTestId('pack-allowance').filter({ hasText: '0 of 10 packs' }).waitFor();
    expect((await t.app.inject({ method: 'GET', url: `/custom-packs/packs/${packId}`, headers: user.headers })).statusCode).toBe(404);
    await page.context().close();
  });

  it('shows PLAN_LIMIT_EXCEEDED as a message with the upgrade link when a pack is beyond the plan', async () => {
    const user = await t.createUser({ plan: 'free' });
    const first = await t.app.inject({ method: 'POST', url: '/custom-packs/packs', headers: user.headers, payload: { name: 'The one', description: '' } });
    expect(first.statusCode, first.body).toBe(201);
    const page = await signedInPage(browser, origin, user.apiKey, '/console/packs');
    await page.getByTestId('pack-allowance').filter({ hasText: '1 of 1 packs' }).waitFor();
    await page.getByRole('region', { name: 'Your packs' }).getByRole('link', { name: 'The one' }).waitFor();
    await page.getByLabel('Name').fill('One too many');
    await page.getByRole('button', { name: 'Create pack' }).click();
    const limit = page.locator('.plan-limit');
    await limit.waitFor();
    expect(await limit.getAttribute('role')).toBe('alert');
    expect(await limit.textContent()).toContain('Plan limit reached');
    expect(await limit.textContent()).toContain('Your free plan allows 1; you have 1.');
    expect((await t.app.inject({ method: 'GET', url: '/billing/user-limits', headers: user.headers })).json().usage.packs).toBe(1);
    await limit.getByRole('link', { name: 'Upgrade to pro' }).click();
    await page.waitForURL(/\/console\/account#upgrade$/);
    await page.getByRole('button', { name: /upgrade to pro/i }).waitFor();
    await page.context().close();
  });

  it('shows a curated pack with its servers and a configuration for its endpoint, and enables it', async () => {
    const user = await t.createUser();
    const [pack] = (await t.app.inject({ method: 'GET', url: '/packs', headers: user.headers })).json().packs.filter((p: Json) => p.kind === 'curated') as Json[];
    const page = await signedInPage(browser, origin, user.apiKey, `/console/packs/${encodeURIComponent(pack!.id)}`);
    await page.getByRole('heading', { name: pack!.name }).waitFor();
    const servers = page.getByRole('list', { name: 'Servers in this pack' });
    await servers.getByRole('listitem').first().waitFor();
    expect(await servers.getByRole('listitem').count()).toBe(pack!.servers.length);
    expect(await page.getByTestId('mcp-url').textContent()).toBe(`${origin}/mcp/packs/${pack!.id}`);
    await page.getByRole('button', { name: 'Enable pack' }).click();
    await page.getByText('enabled for you').waitFor();
    const state = (await t.app.inject({ method: 'GET', url: '/user-servers/servers', headers: user.headers })).json() as Json;
    expect(state.enabled_packs).toEqual([pack!.id]);
    await page.context().close();
  });
});
