import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutionApp, until } from '../execution/helpers/setup.ts';
import type { TestApp } from '../support/test-app.ts';
import { startReceiver, verifySignature } from '../webhooks/receiver.ts';
import { launchBrowser, serve, signedInPage } from './browser.ts';

type User = Awaited<ReturnType<TestApp['createUser']>>;

// Issue 12, Build 5 and Show: a webhook made in the console to a local receiver that fails
// each event's first attempt; its delivery log shows the failed and the delivered attempt,
// redelivery sends the same event again, a rotated secret signs what follows. Real Chromium,
// the whole service with its worker, a real HTTP receiver.
describe('console: webhooks and their delivery log', { timeout: 180_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: Browser;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    t = await createExecutionApp({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' });
    origin = await serve(t);
    browser = await launchBrowser();
    receiver = await startReceiver({ failFirst: 1 });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await receiver?.close();
  });

  /** One direct run of a tool: one tool.executed event. */
  const runTool = async (user: User, a: number) => {
    const r = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'get-sum', params: { a, b: 1 } } });
    expect(r.statusCode, r.body).toBe(200);
  };
  /** The event ids the receiver saw, in the order it first saw them. */
  const eventIds = () => [...new Set(receiver.received.map((r) => r.id))];
  const requestsFor = (eventId: string) => receiver.received.filter((r) => r.id === eventId);
  const deliveryOf = (page: Page, eventId: string): Locator => page.locator(`[data-testid="delivery"][data-event-id="${eventId}"]`);
  const attemptStatuses = async (card: Locator) => card.getByTestId('attempt-status').allTextContents();

  it('creates a webhook (secret shown once), logs a failed then a delivered attempt, redelivers the same event, and rotates the secret', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const page = await signedInPage(browser, origin, user.apiKey, '/console/webhooks');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await page.getByText('No webhooks yet').waitFor();

    // The event kinds offered are the service's own (from its OpenAPI document), every one of them.
    const offered = page.getByRole('group', { name: 'Events' }).getByRole('checkbox');
    await offered.first().waitFor();
    const spec = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const kinds: string[] = spec.paths['/webhooks'].post.requestBody.content['application/json'].schema.properties.events.items.enum;
    expect(kinds).toContain('agent.run.failed');
    expect(await offered.evaluateAll((boxes) => boxes.map((box) => box.parentElement?.textContent?.trim()))).toEqual(kinds);

    // Create: only tool.executed, to a receiver on loopback.
    await page.getByLabel('Receiver URL').fill(receiver.url);
    for (const kind of ['job.completed', 'job.failed']) await page.getByRole('checkbox', { name: kind }).uncheck();
    await page.getByRole('checkbox', { name: 'tool.executed' }).check();
    await page.getByLabel('Description (optional)').fill('console test receiver');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    const shown = page.getByRole('region', { name: 'Signing secret of the new webhook' });
    await shown.waitFor();
    expect(await shown.textContent()).toContain('you will not see it again');
    const secret = (await shown.getByTestId('shown-once-value').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    // The copy button puts exactly the secret on the clipboard.
    await shown.getByRole('button', { name: 'Copy', exact: true }).click();
    await shown.getByText('Copied', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // Once dismissed (or after a reload) the secret is nowhere on the page.
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('link', { name: receiver.url }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: receiver.url }).waitFor();
    expect(await page.content()).not.toContain(secret);

    // Its page and (empty) log.
    await page.getByRole('link', { name: receiver.url }).click();
    await page.waitForURL(/\/console\/webhooks\/[0-9a-f-]{36}$/);
    await page.getByText('No deliveries yet').waitFor();
    expect(await page.getByTestId('webhook-url').textContent()).toBe(receiver.url);

    // An event: the receiver answers 500, then 200 to the retry.
    await runTool(user, 1);
    const [eventId] = await until(async () => {
      const ids = eventIds();
      return ids.length === 1 && requestsFor(ids[0]!).some((r) => r.status === 200) ? ids : undefined;
    }, 60_000, 100);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const card = deliveryOf(page, eventId!);
    // The log refreshes itself while the delivery is in flight, until it has settled.
    await card.getByTestId('delivery-status').filter({ hasText: 'delivered' }).waitFor();
    expect(await attemptStatuses(card)).toEqual(['500', '200']);
    expect(await card.getByTestId('attempt').first().textContent()).toContain('receiver answered 500');
    expect(await card.getByTestId('attempt').nth(1).textContent()).toMatch(/\d+ ms/);
    expect(await card.textContent()).toContain('tool.executed');

    // Redeliver: a third attempt of the same event reaches the receiver.
    await card.getByRole('button', { name: 'Redeliver' }).click();
    await card.getByTestId('attempt').nth(2).waitFor();
    await card.getByTestId('delivery-status').filter({ hasText: 'delivered' }).waitFor();
    expect(await attemptStatuses(card)).toEqual(['500', '200', '200']);
    const seen = requestsFor(eventId!);
    expect(seen.map((r) => r.status)).toEqual([500, 200, 200]);
    expect(seen[2]!.body).toBe(seen[0]!.body);
    expect(verifySignature(secret, seen[2]!.body, seen[2]!.signature)).toBe(true);
    expect(await page.getByTestId('delivery').count()).toBe(1);

    // Rotate: a new secret, shown once; the next event is signed with it, not the old one.
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('region', { name: 'New signing secret' });
    await rotated.waitFor();
    const newSecret = (await rotated.getByTestId('shown-once-value').textContent()) ?? '';
    expect(newSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(newSecret).not.toBe(secret);
    await rotated.getByRole('button', { name: 'I have copied it' }).click();

    await runTool(user, 2);
    const second = await until(async () => eventIds().find((id) => id !== eventId && requestsFor(id).some((r) => r.status === 200)), 60_000, 100);
    const accepted = requestsFor(second).find((r) => r.status === 200)!;
    expect(verifySignature(newSecret, accepted.body, accepted.signature)).toBe(true);
    expect(verifySignature(secret, accepted.body, accepted.signature)).toBe(false);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const secondCard = deliveryOf(page, second);
    await secondCard.getByTestId('delivery-status').filter({ hasText: 'delivered' }).waitFor();
    expect(await attemptStatuses(secondCard)).toEqual(['500', '200']);
    // Newest first.
    expect(await page.getByTestId('delivery').first().getAttribute('data-event-id')).toBe(second);
    await page.context().close();
  });

  it('edits and deletes a webhook; another user’s webhook is not shown', async () => {
    const owner = await t.createUser({ plan: 'pro' });
    const created = await t.app.inject({ method: 'POST', url: '/webhooks', headers: owner.headers, payload: { url: receiver.url, events: ['job.completed'] } });
    const hook = created.json() as { id: string };
    const page = await signedInPage(browser, origin, owner.apiKey, `/console/webhooks/${hook.id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    const url = `${receiver.url}?v=2`;
    await page.getByLabel('Receiver URL').fill(url);
    await page.getByRole('checkbox', { name: 'job.failed' }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByTestId('webhook-url').filter({ hasText: url }).waitFor();
    const listed = (await t.app.inject({ method: 'GET', url: '/webhooks', headers: owner.headers })).json().webhooks as { id: string; url: string; events: string[] }[];
    expect(listed.find((w) => w.id === hook.id)).toMatchObject({ url, events: ['job.completed', 'job.failed'] });

    // A bad URL is refused by the service and said next to the form.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Receiver URL').fill('ftp://example.com/x');
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect(await page.getByRole('alert').textContent()).toMatch(/INVALID_REQUEST/);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Another user opening the address sees no such webhook.
    const other = await t.createUser({ plan: 'pro' });
    const stranger = await signedInPage(browser, origin, other.apiKey, `/console/webhooks/${hook.id}`);
    await stranger.getByText('No webhook of yours has this id').waitFor();
    await stranger.context().close();

    await page.getByRole('button', { name: 'Delete…' }).click();
    await page.getByRole('button', { name: 'Yes, delete this webhook' }).click();
    await page.waitForURL(/\/console\/webhooks$/);
    await page.getByText('No webhooks yet').waitFor();
    expect((await t.app.inject({ method: 'GET', url: '/webhooks', headers: owner.headers })).json().webhooks).toEqual([]);
    await page.context().close();
  });
});
