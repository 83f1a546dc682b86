import type { Browser } from 'playwright-core';
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
    // Rendering goes on after the first one appears: wait for several, not a count at one instant.
    // (Since the OAuth routes came in, the page renders only its first two tag sections, 8 operations:
    // a defect of the reference page found at merge, not yet understood, written down in the closing note.)
    await expect.poll(() => page.locator('.opblock').count(), { timeout: 20_000 }).toBeGreaterThan(5);
    violations.push(...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])));
    expect(violations).toEqual([]);
    await context.close();
  });
});
