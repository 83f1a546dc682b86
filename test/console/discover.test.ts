import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mcpServers, toolRuns } from '../../db/schema/index.ts';
import { createExecutionApp, until } from '../execution/helpers/setup.ts';
import type { TestApp } from '../support/test-app.ts';
import { launchBrowser, serve, signedInPage } from './browser.ts';

type Json = Record<string, any>;

// Issue 12, Build 2: Discover (ranked tools with their score breakdown, filters, the query in
// the address), a tool's page and its Run form generated from the inputSchema — in a real
// Chromium against the whole service, whose registry holds the real server-everything.
describe('console: discover and run a tool', { timeout: 180_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: Browser;
  let user: Awaited<ReturnType<TestApp['createUser']>>;
  let page: Page;

  beforeAll(async () => {
    t = await createExecutionApp();
    origin = await serve(t);
    browser = await launchBrowser();
    user = await t.createUser({ plan: 'pro' });
    page = await signedInPage(browser, origin, user.apiKey);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const resultFor = (name: string) => page.locator('li.result').filter({ has: page.getByRole('link', { name, exact: true }) });
  const meterValue = async (name: string, label: string) => Number(await resultFor(name).getByRole('meter', { name: label }).getAttribute('aria-valuenow'));

  it('ranks tools for "echo a message back" with the score breakdown as bars, and keeps the search in the address', async () => {
    await page.getByLabel('What do you want to do?').fill('echo a message back');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/console\/discover\?q=echo\+a\+message\+back$/);
    await resultFor('echo').waitFor();

    // The bars draw the breakdown the service computes for the same search.
    const answer = (
      await t.app.inject({ method: 'GET', url: '/v2/retrieve_tools', query: { query: 'echo a message back', top_k: '10' }, headers: user.headers })
    ).json() as Json;
    const echo = answer.tools.find((tool: Json) => tool.name === 'echo');
    expect(echo).toBeDefined();
    expect(await meterValue('echo', 'Semantic')).toBe(Math.round(echo.semantic_score * 100));
    expect(await meterValue('echo', 'Capability')).toBe(Math.round(echo.capability_score * 100));
    expect(await meterValue('echo', 'Success rate')).toBe(Math.round(echo.success_rate * 100));
    expect(await page.locator('li.result').count()).toBe(answer.tools.length);
    expect(await page.locator('li.result h2').allTextContents()).toEqual(answer.tools.map((tool: Json) => tool.name));

    // The console's searches are recorded as the dashboard's query events.
    // (written after the answer, so waited for).
    const recorded = await until(async () => {
      const history = (await t.app.inject({ method: 'GET', url: '/queries', headers: user.headers })).json() as Json;
      return history.queries.some((q: Json) => q.query === 'echo a message back' && q.source === 'dashboard') || undefined;
    });
    expect(recorded).toBe(true);

    // A reload shows the same search, from the address alone.
    await page.reload();
    await resultFor('echo').waitFor();
    expect(await page.getByLabel('What do you want to do?').inputValue()).toBe('echo a message back');
  });

  it('filters by server and category, and the back button returns to the unfiltered search', async () => {
    await page.goto(`${origin}/console/discover?q=echo+a+message+back`);
    await resultFor('echo').waitFor();
    const server = page.getByLabel('Server');
    await server.and(page.locator(':enabled')).waitFor();
    await server.selectOption('everything');
    const category = (await page.getByLabel('Category').locator('option').allTextContents()).find((c) => !c.startsWith('All'));
    expect(category).toBeDefined();
    await page.getByLabel('Category').selectOption(category!);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(new RegExp(`server=everything&category=${category}$`));
    await resultFor('echo').waitFor();
    const badges = await page.locator('li.result .result-head .badge').allTextContents();
    expect(badges.filter((b) => b === 'everything').length).toBe(await page.locator('li.result').count());

    // The category reaches the service: another category finds none of these tools.
    const other = (
      await t.app.inject({ method: 'GET', url: '/v2/retrieve_tools', query: { query: 'echo a message back', 'filter.category': 'messaging' }, headers: user.headers })
    ).json() as Json;
    expect(other.tools.filter((tool: Json) => tool.server === 'everything')).toEqual([]);
    await page.goto(`${origin}/console/discover?q=echo+a+message+back&category=messaging`);
    await page.getByText(/No tool matches “echo a message back” with these filters/).waitFor();

    await page.goBack();
    await page.waitForURL(/server=everything/);
    await page.getByLabel('Server').and(page.locator(':enabled')).waitFor();
    expect(await page.getByLabel('Server').inputValue()).toBe('everything');
    expect(await page.getByLabel('Category').inputValue()).toBe(category);
    await page.goBack();
    await page.waitForURL(/\?q=echo\+a\+message\+back$/);
    // The form follows the address (the router re-renders after the URL changes).
    await page.waitForFunction(() => (document.getElementById('discover-server') as HTMLSelectElement | null)?.value === '');
    expect(await page.getByLabel('Category').inputValue()).toBe('');
    expect(await page.getByLabel('What do you want to do?').inputValue()).toBe('echo a message back');
  });

  it('opens echo, fills the form generated from its inputSchema, runs it and shows the echoed text', async () => {
    await page.goto(`${origin}/console/discover?q=echo+a+message+back`);
    await resultFor('echo').getByRole('link', { name: 'echo', exact: true }).click();
    await page.waitForURL(/\/console\/tools\/everything\/echo$/);
    await page.getByRole('heading', { name: 'echo', level: 1 }).waitFor();
    await page.getByText('Echoes back the input string').waitFor();

    const message = page.getByRole('textbox', { name: /message/ });
    expect(await message.getAttribute('required')).not.toBeNull();
    await message.fill('hello from the console');
    await page.getByRole('button', { name: 'Run now' }).click();
    const result = page.getByTestId('tool-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('Echo: hello from the console');
    // The answer takes the focus, for keyboard and screen-reader users.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('run-result-title');
  });

  it('shows an argument the service refuses next to its field, run now or as a job', async () => {
    await page.goto(`${origin}/console/tools/everything/echo`);
    const message = page.getByRole('textbox', { name: /message/ });
    await message.waitFor();
    const field = page.locator('.form-group').filter({ has: message });

    // Nothing typed: the form sends no message, and POST /v1/execute_tool names params.message.
    await page.getByRole('button', { name: 'Run now' }).click();
    await field.locator('.text-danger').waitFor();
    expect(await field.locator('.text-danger').textContent()).toMatch(/Missing required argument "message"/);
    expect(await page.getByRole('alert').first().textContent()).toMatch(/see the field marked below/);
    expect(await page.getByTestId('tool-result').count()).toBe(0);

    // The same through POST /jobs/submit, whose INVALID_ARGUMENTS names `argument`; no job is made.
    await page.getByRole('button', { name: 'Run as job' }).click();
    await page.getByRole('button', { name: 'Run as job' }).and(page.locator(':enabled')).waitFor();
    expect(await field.locator('.text-danger').textContent()).toMatch(/Missing required argument "message"/);
    expect(page.url()).toMatch(/\/tools\/everything\/echo$/);
    const jobs = (await t.app.inject({ method: 'GET', url: '/jobs', headers: user.headers })).json() as Json;
    expect(jobs.pagination.total).toBe(0);

    // A tool that is not there is an error above the page, not a form.
    await page.goto(`${origin}/console/tools/everything/no-such-tool`);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/NOT_FOUND/);
    expect(await page.getByRole('button', { name: 'Run now' }).count()).toBe(0);
  });

  it('is readable at a phone width: the search form and results fit without sideways scrolling', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(`${origin}/console/discover?q=echo+a+message+back`);
    await phone.getByLabel('API key').fill(user.apiKey);
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await phone.locator('li.result').first().waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.close();
  });

  it('marks a tool that keeps failing with a Degraded badge that says why (demoted, not hidden)', async () => {
    const query = 'echo a message back';
    const ask = async () => (await t.app.inject({ method: 'GET', url: '/v2/retrieve_tools', query: { query, top_k: '10' }, headers: user.headers })).json() as Json;
    const echo = (await ask()).tools.find((tool: Json) => tool.name === 'echo');
    expect(echo.availability.status).toBe('ok');
    // Six failures outweigh the runs the tests above made.
    await t.db.insert(toolRuns).values(Array.from({ length: 6 }, () => ({ executionId: randomUUID(), userId: null, server: 'everything', tool: 'echo', mode: 'direct' as const, status: 'failed', durationMs: 5 })));
    const after = (await ask()).tools.find((tool: Json) => tool.name === 'echo');
    expect(after.availability.status).toBe('degraded');
    expect(after.availability.reasons.map((r: Json) => r.code)).toContain('failing');
    await page.goto(`${origin}/console/discover?q=echo+a+message+back`);
    await resultFor('echo').waitFor();
    const badge = resultFor('echo').locator('.badge.warn');
    expect(await badge.getAttribute('title')).toBe(after.availability.reasons.map((r: Json) => r.message).join('; '));
    expect(await badge.textContent()).toBe(`Degraded: ${after.availability.reasons.map((r: Json) => r.message).join('; ')}`);
  });

  it("links a tool whose server needs the person's credentials to that server's credentials form", async () => {
    await t.db.update(mcpServers).set({ authentication: { type: 'token', required: true, env_var: 'ECHO_TOKEN' } }).where(eq(mcpServers.name, 'everything'));
    await page.goto(`${origin}/console/discover?q=echo+a+message+back`);
    await resultFor('echo').waitFor();
    const state = resultFor('echo').getByTestId('run-state');
    expect(await state.textContent()).toMatch(/^Needs credentials: Server everything needs ECHO_TOKEN/);
    await state.click();
    await page.waitForURL(/\/console\/servers\/everything#credentials$/);
    await page.getByText('ECHO_TOKEN').first().waitFor();
  });
});
