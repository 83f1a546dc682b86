import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentProvider } from '../support/payment-provider.ts';
import type { PaymentProvider } from '../support/payment-provider.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { launchBrowser, serve, signedInPage } from './browser.ts';

// Issue 12, Build 6: the account page — plan, limits and usage, request limits, API keys
// (shown once, revoked), the upgrade through the billing flow (the payment provider is the
// HTTP test double at the network edge), embedding settings. Real Chromium, the whole service.
describe('console: account', { timeout: 180_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: Browser;
  let provider: PaymentProvider;

  beforeAll(async () => {
    provider = await startPaymentProvider();
    // The rate windows' clock stands inside one minute, so the usage the page shows does not depend on when the run crosses a minute.
    const minuteStart = Math.floor(Date.now() / 60_000) * 60_000;
    t = await createTestApp({ env: provider.env, now: () => minuteStart + 10_000 });
    origin = await serve(t);
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await provider?.close();
  });

  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  it('creates an API key shown once and revokes it, after which it no longer authenticates', async () => {
    const user = await t.createUser();
    const page = await signedInPage(browser, origin, user.apiKey, '/console/account');
    const rows = page.getByTestId('api-key-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);

    await page.getByRole('button', { name: 'Create API key' }).click();
    const shown = page.getByRole('region', { name: 'Your new API key' });
    await shown.waitFor();
    expect(await shown.textContent()).toContain('you will not see it again');
    const key = (await shown.getByTestId('shown-once-value').textContent()) ?? '';
    expect(key).toMatch(/^sb_[a-z0-9]{10}_[A-Za-z0-9_-]{32}$/);
    const prefix = key.slice(3, 13);
    await page.locator(`[data-testid="api-key-row"][data-prefix="${prefix}"]`).waitFor();
    expect((await t.app.inject({ method: 'GET', url: '/billing/user-limits', headers: bearer(key) })).statusCode).toBe(200);

    // Dismissed, the key is gone from the page; the list shows only its prefix.
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await shown.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(key);

    const row = page.locator(`[data-testid="api-key-row"][data-prefix="${prefix}"]`);
    await row.getByRole('button', { name: `Revoke key sb_${prefix}` }).click();
    await row.getByRole('button', { name: `Yes, revoke sb_${prefix}` }).click();
    await row.getByText(/^revoked/).waitFor();
    const refused = await t.app.inject({ method: 'GET', url: '/billing/user-limits', headers: bearer(key) });
    expect(refused.statusCode).toBe(401);
    // The key the person signed in with still works.
    expect((await t.app.inject({ method: 'GET', url: '/billing/user-limits', headers: user.headers })).statusCode).toBe(200);

    // The only active key cannot be revoked: the service says why, next to the list.
    const original = page.locator(`[data-testid="api-key-row"][data-prefix="${user.apiKey.slice(3, 13)}"]`);
    await original.getByRole('button', { name: /^Revoke key/ }).click();
    await original.getByRole('button', { name: /^Yes, revoke/ }).click();
    await page.getByRole('alert').filter({ hasText: 'only active key' }).waitFor();
    expect((await t.app.inject({ method: 'GET', url: '/api-keys', headers: user.headers })).json().active).toBe(1);
    await page.context().close();
  });

  it('shows plan, usage and request limits, and upgrades through create-order, the payment, and verify-payment', async () => {
    const user = await t.createUser({ plan: 'free' });
    // Two server-management requests, counted before the page opens.
    for (let i = 0; i < 2; i++) await t.app.inject({ method: 'GET', url: '/custom-packs/packs', headers: user.headers });
    const page = await signedInPage(browser, origin, user.apiKey, '/console/account');
    await page.getByTestId('current-plan').filter({ hasText: 'free' }).waitFor();
    const usage = await page.getByRole('region', { name: 'Plan and usage' }).textContent();
    expect(usage).toContain('0 of 1');
    expect(usage).toContain('up to 10 open at once');
    const limits = page.getByRole('region', { name: 'Request limits' });
    const managing = limits.getByRole('row', { name: /server management/ });
    await managing.waitFor();
    expect(await managing.textContent()).toMatch(/minute\s*2 of 10/);

    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    const orderId = (await page.getByTestId('order-id').textContent()) ?? '';
    expect(provider.orders.get(orderId)).toMatchObject({ amount: 1900, status: 'created' });
    // The person pays at the provider's checkout, which hands back the payment id and signature.
    const paid = provider.pay(orderId);
    await page.getByLabel('Payment id').fill(paid.paymentId);
    await page.getByLabel('Payment signature').fill(paid.signature);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await page.getByTestId('upgrade-result').filter({ hasText: 'you are on the pro plan' }).waitFor();
    await page.getByTestId('current-plan').filter({ hasText: 'pro' }).waitFor();
    expect((await t.app.inject({ method: 'GET', url: '/billing/user-limits', headers: user.headers })).json()).toMatchObject({ plan: 'pro', max_packs: 10 });
    await limits.getByRole('row', { name: /server management/ }).filter({ hasText: 'of 100' }).waitFor();
    await page.context().close();
  });

  it('refuses a wrong payment signature with the service message, and leaves the plan', async () => {
    const user = await t.createUser({ plan: 'free' });
    const page = await signedInPage(browser, origin, user.apiKey, '/console/account');
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    const orderId = (await page.getByTestId('order-id').textContent()) ?? '';
    const paid = provider.pay(orderId);
    await page.getByLabel('Payment id').fill(paid.paymentId);
    await page.getByLabel('Payment signature').fill('0'.repeat(64));
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    const alert = page.getByRole('form', { name: 'Payment' }).getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/INVALID_REQUEST/);
    expect((await t.app.inject({ method: 'GET', url: '/billing/user-limits', headers: user.headers })).json().plan).toBe('free');
    await page.context().close();
  });

  it('saves embedding settings and names the wrong field next to it', async () => {
    const user = await t.createUser();
    const page = await signedInPage(browser, origin, user.apiKey, '/console/account');
    const model = page.getByLabel('Model');
    await model.waitFor();
    const provider = await page.getByLabel('Provider').inputValue();
    const current = await model.inputValue();
    await page.getByTestId('embedding-space').filter({ hasText: `${provider}:${current}` }).waitFor();
    await model.fill('my-model-v2');
    await page.getByRole('button', { name: 'Save embedding settings' }).click();
    await page.getByText(`vendor_model for ${provider} must be one of: ${current}`).waitFor();
    expect(await model.getAttribute('aria-invalid')).toBe('true');
    await model.fill(current);
    await page.getByRole('button', { name: 'Save embedding settings' }).click();
    await page.getByText('Saved.').waitFor();
    expect((await t.app.inject({ method: 'GET', url: '/settings/embedding', headers: user.headers })).json()).toMatchObject({ provider, vendor_model: current, status: 'ready' });

    await page.getByLabel('Provider').fill('not a provider!');
    await page.getByRole('button', { name: 'Save embedding settings' }).click();
    await page.getByText('provider must be 1..64').waitFor();
    expect(await page.getByLabel('Provider').getAttribute('aria-invalid')).toBe('true');
    await page.context().close();
  });
});
