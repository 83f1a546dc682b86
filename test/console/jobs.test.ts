import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutionApp, LONG, until } from '../execution/helpers/setup.ts';
import type { TestApp } from '../support/test-app.ts';
import { launchBrowser, serve, signedInPage } from './browser.ts';

type Json = Record<string, any>;
type User = Awaited<ReturnType<TestApp['createUser']>>;

declare global {
  interface Window {
    progressSeen?: number[];
  }
}

/**
 * Records every value the job page's progress bar takes, as the browser renders it: a
 * MutationObserver in the page, so no value between two looks of the test is missed.
 */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.progressSeen = [];
    const look = () => {
      const bar = document.querySelector<HTMLProgressElement>('#job-progress');
      const seen = window.progressSeen!;
      if (bar && seen.at(-1) !== bar.value) seen.push(bar.value);
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
  });
}

// Issue 12, Build 3: the jobs list with its status filter, and a job followed live over its
// SSE stream (progress, state changes, result), cancel while queued — in a real Chromium
// against the whole service running server-everything's long-running operation.
describe('console: jobs', { timeout: 180_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    t = await createExecutionApp();
    origin = await serve(t);
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const submit = async (user: User, tool: string, args: Json) => {
    const answer = await t.app.inject({ method: 'POST', url: '/jobs/submit', headers: user.headers, payload: { tool, arguments: args } });
    expect(answer.statusCode).toBe(200);
    return answer.json() as Json;
  };
  const get = async (user: User, id: string) => (await t.app.inject({ method: 'GET', url: `/jobs/${id}`, headers: user.headers })).json() as Json;
  const finished = (user: User, id: string) =>
    until(async () => {
      const job = await get(user, id);
      return ['completed', 'failed', 'canceled', 'timeout'].includes(job.status) ? job : undefined;
    }, 90_000);

  it('submits the long-running operation from its form as a job and follows the progress bar to completion', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const page = await signedInPage(browser, origin, user.apiKey, `/console/tools/everything/${LONG}`);
    // The form is generated from the inputSchema: both numbers, with the tool's defaults.
    const duration = page.getByRole('spinbutton', { name: /duration/ });
    const steps = page.getByRole('spinbutton', { name: /steps/ });
    await duration.waitFor();
    expect(await duration.inputValue()).toBe('10');
    expect(await steps.inputValue()).toBe('5');
    await duration.fill('3');
    await steps.fill('4');

    await recordProgress(page);
    await page.getByRole('button', { name: 'Run as job' }).click();
    await page.waitForURL(/\/console\/jobs\/[0-9a-f-]{36}$/);
    const jobId = page.url().split('/').at(-1)!;
    await page.getByTestId('job-status').filter({ hasText: 'completed' }).waitFor();

    const seen = await page.evaluate(() => window.progressSeen ?? []);
    // Live: values between start and end were drawn as they came, each larger than the last.
    expect(seen.at(-1)).toBe(100);
    expect(seen.filter((value) => value > 0 && value < 100).length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
    expect(await page.getByTestId('job-progress').getAttribute('value')).toBe('100');

    const changes = await page.getByTestId('job-changes').locator('li .badge').allTextContents();
    expect(changes.at(-1)).toBe('completed');
    expect(changes).toContain('running');
    expect(await page.getByText(/Long running operation completed/i).count()).toBeGreaterThan(0);

    // What the page showed is what the service holds; the run took the arguments typed.
    const job = await get(user, jobId);
    expect(job).toMatchObject({ status: 'completed', tool: expect.stringContaining(LONG) });
    expect(job.execution_time_ms).toBeGreaterThanOrEqual(2_500);
    await page.context().close();
  });

  it('lists the jobs with a status filter kept in the address', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const done = [];
    for (const message of ['one', 'two']) done.push((await submit(user, 'echo', { message })).job_id as string);
    done.push((await submit(user, 'get-resource-reference', { resourceId: -1 })).job_id as string);
    const ended = await Promise.all(done.map((id) => finished(user, id)));
    expect(ended.map((job) => job.status).sort()).toEqual(['completed', 'completed', 'failed']);

    const page = await signedInPage(browser, origin, user.apiKey, '/console/jobs');
    const rows = page.getByTestId('job-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(3);
    expect(await page.locator('caption').textContent()).toContain('1–3 of 3');

    await page.getByLabel('Status').selectOption('failed');
    await page.waitForURL(/\/console\/jobs\?status=failed$/);
    await page.locator('caption', { hasText: '1–1 of 1' }).waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().locator('.badge').textContent()).toBe('failed');

    await page.getByLabel('Status').selectOption('queued');
    await page.getByText('No queued jobs.').waitFor();
    expect(await rows.count()).toBe(0);

    await page.reload();
    await page.getByText('No queued jobs.').waitFor();
    await page.goBack();
    await page.waitForURL(/status=failed$/);
    await page.locator('caption', { hasText: '1–1 of 1' }).waitFor();

    // The failed job's page shows the tool's error.
    await rows.first().getByRole('link').click();
    await page.getByTestId('job-status').filter({ hasText: 'failed' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/EXECUTION_ERROR/);
    await page.context().close();
  });

  it('pages through the jobs twenty at a time, newest first', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const ids: string[] = [];
    for (let i = 0; i < 21; i++) ids.push((await submit(user, 'echo', { message: `page ${i}` })).job_id as string);
    const page = await signedInPage(browser, origin, user.apiKey, '/console/jobs');
    const rows = page.getByTestId('job-row');
    await page.locator('caption', { hasText: '1–20 of 21' }).waitFor();
    expect(await rows.count()).toBe(20);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    const firstHref = await rows.first().getByRole('link').getAttribute('href');
    expect(firstHref).toBe(`/console/jobs/${ids[20]}`);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\/console\/jobs\?offset=20$/);
    await page.locator('caption', { hasText: '21–21 of 21' }).waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getByRole('link').getAttribute('href')).toBe(`/console/jobs/${ids[0]}`);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Previous' }).click();
    await page.locator('caption', { hasText: '1–20 of 21' }).waitFor();
    await Promise.all(ids.map((id) => finished(user, id)));
    await page.context().close();
  });

  it('cancels a queued job, and says why the running one cannot be canceled', async () => {
    // The free plan runs one job at a time: a long one holds the slot, the next one waits.
    const user = await t.createUser({ plan: 'free' });
    const running = await submit(user, LONG, { duration: 120, steps: 120 });
    await until(async () => (await get(user, running.job_id)).status === 'running');
    const queued = await submit(user, 'echo', { message: 'never' });
    expect(await get(user, queued.job_id)).toMatchObject({ status: 'queued', position_in_queue: 1 });

    const page = await signedInPage(browser, origin, user.apiKey, `/console/jobs/${queued.job_id}`);
    await page.getByTestId('job-status').filter({ hasText: 'queued' }).waitFor();
    expect(await page.getByTestId('job-status').textContent()).toContain('number 1 in your queue');
    await page.getByRole('button', { name: 'Cancel job' }).click();
    // The stream brings the new state: no reload, no polling.
    await page.getByTestId('job-status').filter({ hasText: 'canceled' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel job' }).count()).toBe(0);
    expect(await get(user, queued.job_id)).toMatchObject({ status: 'canceled' });

    await page.goto(`${origin}/console/jobs/${running.job_id}`);
    await page.getByTestId('job-status').filter({ hasText: 'running' }).waitFor();
    expect(await page.getByTestId('cannot-cancel').textContent()).toContain('CANNOT_CANCEL_RUNNING');
    expect(await page.getByRole('button', { name: 'Cancel job' }).count()).toBe(0);
    await page.context().close();

    // The service agrees: the running job refuses a cancel. Then end it from the Temporal side.
    const refused = await t.app.inject({ method: 'DELETE', url: `/jobs/${running.job_id}`, headers: user.headers });
    expect(refused.json().error.code).toBe('CANNOT_CANCEL_RUNNING');
    await t.temporal.client.workflow.getHandle(running.job_id).cancel();
    expect((await finished(user, running.job_id)).status).toBe('canceled');
  });

  it('says so when the job does not exist or is someone else\'s', async () => {
    const owner = await t.createUser({ plan: 'pro' });
    const stranger = await t.createUser({ plan: 'pro' });
    const job = await submit(owner, 'echo', { message: 'mine' });
    await finished(owner, job.job_id);
    const page = await signedInPage(browser, origin, stranger.apiKey, `/console/jobs/${job.job_id}`);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/JOB_NOT_FOUND/);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await page.context().close();
  });
});
