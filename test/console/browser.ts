import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumPath } from '../support/services.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * The console's end-to-end tests drive Debian's Chromium (scripts/infra/chromium.sh) through
 * playwright-core, against the whole service listening on a real port: the page loads the built
 * console from /console and calls the REST routes as a person's browser would.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

/** Listens on a free port of 127.0.0.1 and answers the service's origin. */
export async function serve(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test service has no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

/** A fresh page (its own storage) with the session of the person holding `apiKey`. */
export async function signedInPage(browser: Browser, origin: string, apiKey: string, path = '/console/discover'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.goto(`${origin}${path}`);
  await signIn(page, apiKey);
  return page;
}

/** Fills the sign-in form the console shows to anyone without a session, and waits for the page behind it. */
export async function signIn(page: Page, apiKey: string): Promise<void> {
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}
