import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_POLICY } from '../../api/plugins/page-policy.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { launchBrowser, serve } from './browser.ts';

// Issue 33 item 10: /docs (swagger-ui) shares the console's origin, where a signed-in person's
// session lives, and was served with no Content-Security-Policy. It now carries the console's
// policy; swagger-ui must still render under it in a real Chromium, with no violation reported.
describe('the API reference at /docs under the console\'s content policy', { timeout: 120_000 }, () => {
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

  it('sends the console\'s policy with the page, its scripts and the document it loads', async () => {
    for (const path of ['/docs', '/docs/', '/docs/static/swagger-initializer.js', '/docs/static/swagger-ui-bundle.js', '/docs/json']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-security-policy'), path).toBe(PAGE_POLICY);
    }
    // The page runs no inline script, which the policy (no 'unsafe-inline' for scripts) would block.
    const html = await (await fetch(`${origin}/docs/`)).text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(PAGE_POLICY).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('renders the reference in Chromium with no policy violation', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
    });
    // Every violation the page reports, even one the console does not print (set before its scripts).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    await page.goto(`${origin}/docs/`);
    await page.locator('.swagger-ui .info .title').getByText('Switchboard').waitFor();
    // Operations rendered from /docs/json: the initializer and the bundle both ran.
    await page.locator('.opblock').first().waitFor();
    // swagger-ui (5.34) virtualizes the operations list once it holds 150 rows (tags + operations): only the
    // rows near the viewport are in the page, so a count at one scroll position says nothing. Scroll to the
    // end and collect every operation rendered on the way; all of /docs/json's must have appeared.
    const documented = await (await fetch(`${origin}/docs/json`)).json() as { paths: Record<string, object> };
    const expected = Object.values(documented.paths).reduce((sum, operations) => sum + Object.keys(operations).length, 0);
    const rendered = await renderedOperations(page);
    expect(rendered.size).toBeGreaterThan(20);
    expect(rendered.size).toBe(expected);
    violations.push(...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])));
    expect(violations).toEqual([]);
    await context.close();
  });
});

/** Ids of every operation block the page shows while scrolled from top to bottom (the list is virtualized). */
async function renderedOperations(page: Page): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let step = 0; step < 400; step++) {
    for (const id of await page.locator('.opblock').evaluateAll((blocks) => blocks.map((block) => block.id))) seen.add(id);
    const atEnd = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2);
    if (atEnd && step > 0) break;
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(60);
  }
  return seen;
}
