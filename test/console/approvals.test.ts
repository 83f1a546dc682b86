import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../execution/helpers/setup.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { addRiskyServer, RISKY_SERVER, riskyTools } from '../trust/helpers/approvals.ts';
import { startMutableServer } from '../trust/helpers/mutable-server.ts';
import { launchBrowser, serve, signedInPage } from './browser.ts';

// Issue 37, item 3 in the console: the owner sees the queue of waiting calls with their
// arguments (hostile text shown as text), approves one (it runs) and denies one (it never does).
describe('console: calls waiting for approval', { timeout: 120_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: Browser;
  let upstream: Awaited<ReturnType<typeof startMutableServer>>;
  let owner: Awaited<ReturnType<TestApp['createUser']>>;

  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });
    owner = await t.createUser({ plan: 'pro' });
    upstream = await startMutableServer(riskyTools());
    await addRiskyServer(t, upstream.mcpUrl, [owner.headers]);
    origin = await serve(t);
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await upstream?.close();
    await t?.close();
  });

  const waiting = async (params: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: owner.headers, payload: { tool_name: `${RISKY_SERVER}/wipe_records`, params } });
    expect(res.statusCode, res.body).toBe(409);
    return res.json().error.details as { approval_id: string; job_id: string };
  };

  it('shows each waiting call with its arguments; approve runs it, deny never does', async () => {
    const hostile = '<img src=x onerror=window.pwned=1>';
    const kept = await waiting({ a: 1, b: 2 });
    await waiting({ a: 3, b: 4, note: hostile });
    const page = await signedInPage(browser, origin, owner.apiKey, '/console/approvals');
    const cards = page.getByTestId('approval');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(2);
    const argumentsText = await page.getByTestId('approval-arguments').allTextContents();
    expect(argumentsText.join('\n')).toContain(hostile);
    expect(await page.locator('.approval-queue img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

    const hostileCard = cards.filter({ hasText: 'onerror' });
    await hostileCard.getByRole('button', { name: 'Deny' }).click();
    await until(async () => (await cards.count()) === 1, 10_000);
    await cards.first().getByRole('button', { name: 'Approve' }).click();
    await page.getByText('No call waits for your approval.').waitFor();

    await t.temporal.client.workflow.getHandle(kept.job_id).result();
    expect(upstream.state.calls).toEqual([{ name: 'wipe_records', arguments: { a: 1, b: 2 } }]);
    await page.context().close();
  });
});
