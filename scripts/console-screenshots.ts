/**
 * Regenerates the web console's screenshots in docs/screenshots/ (linked from the README,
 * "The web console"): `npx tsx scripts/console-screenshots.ts`.
 *
 * The service runs the way the console's browser tests run it (test/support/test-app.ts via
 * test/execution/helpers/setup.ts), not as `npm start` on a temporary data folder: the same
 * real parts — a fresh Postgres database dropped at the end, a task queue of its own on the
 * Temporal server, a real worker, the real server-everything refreshed into the registry —
 * with nothing left behind, a start in seconds rather than an embedded first start's index
 * build, and the seeding helpers the tests already trust. It therefore needs the test
 * services running (Postgres, Temporal, Elasticsearch, Chromium: `scripts/infra/up.sh`, or
 * any `npx vitest run` starts them). The console is built first, as `npm start` does.
 *
 * Data is made through the REST routes, as people and agents would: searches, tool runs, a
 * webhook whose receiver fails each first attempt, a flag and a review; only the previous
 * weeks' query history is written straight to the database, since the routes stamp "now".
 * The service listens on 127.0.0.1:29510 (SCREENSHOT_PORT to change it).
 */
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { queryLogs } from '../db/schema/index.ts';
import { launchBrowser, signIn } from '../test/console/browser.ts';
import { createExecutionApp, LONG, until } from '../test/execution/helpers/setup.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { startReceiver } from '../test/webhooks/receiver.ts';

type User = Awaited<ReturnType<TestApp['createUser']>>;
type Json = Record<string, any>;

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const PORT = Number(process.env.SCREENSHOT_PORT ?? 29510);
const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

const log = (line: string) => process.stderr.write(`screenshots: ${line}\n`);

async function main() {
  // As npm start does (a second when the sources are unchanged).
  execFileSync(process.execPath, [fileURLToPath(new URL('console-build.mjs', import.meta.url))], { stdio: ['ignore', 2, 2] });
  await mkdir(OUT, { recursive: true });
  log('starting the service (fresh database, worker, server-everything)…');
  const t = await createExecutionApp({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' });
  const receiver = await startReceiver({ failFirst: 1 });
  let browser: Browser | undefined;
  try {
    await t.app.listen({ host: '127.0.0.1', port: PORT });
    const origin = `http://127.0.0.1:${PORT}`;
    const people = await seed(t, receiver.url);
    browser = await launchBrowser();
    const shots = new Shots(browser, origin);
    await shots.discover(people.ada);
    await shots.toolRun(people.ada);
    await shots.jobLive(people.ada);
    await shots.webhookLog(people.ada, people.webhookId);
    await shots.analytics(people.admin);
    await shots.moderation(people.admin);
    log(`saved ${shots.saved.length} screenshots in docs/screenshots/: ${shots.saved.join(', ')}`);
  } finally {
    await browser?.close();
    await receiver.close();
    await t.close();
  }
}

/** People, searches, runs, a webhook with a failed and a delivered attempt, a flag and a review. */
async function seed(t: TestApp, receiverUrl: string) {
  const ada = await t.createUser({ plan: 'pro', email: 'ada@example.com' });
  const grace = await t.createUser({ plan: 'free', email: 'grace@example.com' });
  const linus = await t.createUser({ plan: 'enterprise', email: 'linus@example.com' });
  const admin = await t.createUser({ role: 'admin', email: 'admin@example.com' });
  const call = async (user: User, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, query?: Record<string, string>) => {
    const res = await t.app.inject({ method, url, query, payload, headers: { ...user.headers, 'x-agent-source': 'dashboard' } });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json() as Json;
  };

  log('seeding searches, runs and moderation…');
  const searches: [User, string][] = [
    [ada, 'echo a message back'],
    [ada, 'add two numbers'],
    [grace, 'echo a message back'],
    [grace, 'long running task with progress'],
    [linus, 'show environment variables'],
    [linus, 'add two numbers'],
    [ada, 'get a tiny test image'],
    [grace, 'echo a message back'],
  ];
  for (const [user, query] of searches) await call(user, 'GET', '/v2/retrieve_tools', undefined, { query, top_k: '8' });
  for (const [user, query] of [
    [grace, 'translate to klingon'],
    [linus, 'book a flight to lisbon'],
    [ada, 'book a flight to lisbon'],
  ] as [User, string][]) {
    await call(user, 'POST', '/query/log', { query, results_count: 0, source: 'api' });
  }
  // The weeks before today, so the trend has a shape (the routes can only stamp "now").
  const history = ['add two numbers', 'echo a message back', 'list open pull requests', 'query a postgres table', 'send a slack message'];
  const nothingFound = ['convert heic to jpeg', 'book a flight to lisbon', 'order a pizza'];
  const rows = [];
  for (let daysAgo = 1; daysAgo <= 21; daysAgo++) {
    const n = 3 + ((daysAgo * 7) % 9) + (daysAgo % 7 < 2 ? 0 : 4);
    for (let i = 0; i < n; i++) {
      const missed = i % 9 === 4;
      const query = missed ? nothingFound[daysAgo % nothingFound.length] : history[(daysAgo + i) % history.length];
      const at = new Date(Date.now() - daysAgo * 86_400_000 - i * 600_000);
      rows.push({ userId: [ada, grace, linus][i % 3].user.id, query, source: 'api', resultsCount: missed ? 0 : 5 + (i % 4), createdAt: at });
    }
  }
  await t.db.insert(queryLogs).values(rows);

  for (const [a, b] of [[2, 3], [40, 2], [7, 35]]) await call(linus, 'POST', '/v1/execute_tool', { tool_name: 'get-sum', params: { a, b } });
  await call(grace, 'POST', '/v1/execute_tool', { tool_name: 'echo', params: { message: 'hello from grace' } });

  // More registry entries, so the verification queue and the featured list have something in them.
  const entry = async (name: string, displayName: string, category: string, description: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/mcp_registry',
      headers: t.adminHeaders,
      payload: { name, display_name: displayName, description, url: `https://example.com/mcp/${name}`, icon: name.slice(0, 2), category, tools_count: 0 },
    });
    if (res.statusCode !== 201) throw new Error(`POST /admin/mcp_registry answered ${res.statusCode}: ${res.body}`);
  };
  await entry('issue-tracker', 'Issue Tracker', 'development', 'Issues, labels and milestones of a tracker.');
  await entry('status-pages', 'Status Pages', 'monitoring', 'Incidents and uptime of public status pages.');
  const verification = (name: string, payload: object) => call(admin, 'PATCH', `/mcp-moderation/servers/${name}/verification`, payload);
  await verification('everything', { status: 'verified', featured: true, notes: 'Reference server of the MCP project.' });
  await verification('issue-tracker', { status: 'pending', notes: 'Asked the publisher for the source repository.' });
  await verification('status-pages', { status: 'pending' });

  await call(grace, 'POST', '/mcp-moderation/servers/everything/reviews', { rating: 5, title: 'The reference server', text: 'Every tool works as documented.' });
  await call(linus, 'POST', '/mcp-moderation/servers/everything/reviews', { rating: 4, title: 'Handy for testing clients' });
  await call(grace, 'POST', '/mcp-moderation/servers/everything/flags', { reason: 'misleading', details: 'The description promises "everything" but it is a test server.' });
  await call(linus, 'POST', '/mcp-moderation/servers/status-pages/flags', { reason: 'broken', details: 'Every call answers 502 since this morning.' });

  log('seeding a webhook and waiting for its retried delivery…');
  const webhook = await call(ada, 'POST', '/webhooks', { url: receiverUrl, events: ['tool.executed', 'job.completed'], description: 'deploy bot' });
  await call(ada, 'POST', '/v1/execute_tool', { tool_name: 'get-sum', params: { a: 20, b: 22 } });
  await until(
    async () => {
      const page = await call(ada, 'GET', `/webhooks/${webhook.id}/deliveries`);
      return page.deliveries?.some((d: Json) => d.status === 'delivered' && d.attempts.length >= 2);
    },
    120_000,
    250,
  );
  return { ada, admin, webhookId: String(webhook.id) };
}

/** One signed-in page per shot; each waits for what it shows, never for a fixed time. */
class Shots {
  readonly saved: string[] = [];
  constructor(
    private readonly browser: Browser,
    private readonly origin: string,
  ) {}

  private async open(user: User, path: string, viewport = DESKTOP): Promise<Page> {
    const context = await this.browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${this.origin}${path}`);
    await signIn(page, user.apiKey);
    return page;
  }

  private async save(page: Page, name: string, fullPage = true) {
    // The pointer rests where the last click left it; away from the page, no tooltip or hover shows.
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${OUT}${name}.png`, fullPage, animations: 'disabled' });
    this.saved.push(`${name}.png`);
    await page.context().close();
  }

  async discover(user: User) {
    const page = await this.open(user, '/console/discover?q=echo+a+message+back');
    await page.locator('li.result').first().waitFor();
    await this.save(page, 'discover', false);
  }

  async toolRun(user: User) {
    const page = await this.open(user, '/console/tools/everything/echo');
    await page.getByRole('textbox', { name: /message/ }).fill('Hello from the console');
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByTestId('tool-result').filter({ hasText: 'Hello from the console' }).waitFor();
    await this.save(page, 'tool-run');
  }

  async jobLive(user: User) {
    const page = await this.open(user, `/console/tools/everything/${LONG}`);
    await page.getByRole('spinbutton', { name: /duration/ }).fill('30');
    await page.getByRole('spinbutton', { name: /steps/ }).fill('10');
    await page.getByRole('button', { name: 'Run as job' }).click();
    await page.waitForURL(/\/console\/jobs\/[0-9a-f-]{36}$/);
    // Caught mid-way: the bar as the SSE stream moves it.
    await page.waitForFunction(() => {
      const bar = document.querySelector<HTMLProgressElement>('#job-progress');
      return bar !== null && bar.value >= 30 && bar.value < 100;
    }, undefined, { timeout: 60_000 });
    await this.save(page, 'job-live');
  }

  async webhookLog(user: User, webhookId: string) {
    const page = await this.open(user, `/console/webhooks/${webhookId}`);
    await page.getByTestId('delivery-status').filter({ hasText: 'delivered' }).first().waitFor();
    await this.save(page, 'webhook-log');
  }

  async analytics(admin: User) {
    const page = await this.open(admin, '/console/admin/analytics');
    await page.locator('.recharts-line-curve').first().waitFor();
    await page.getByRole('heading', { name: 'Tools' }).waitFor();
    await page.locator('table.insights').waitFor();
    await this.save(page, 'analytics');
    const phone = await this.open(admin, '/console/admin/analytics', PHONE);
    await phone.locator('.recharts-line-curve').first().waitFor();
    await this.save(phone, 'analytics-phone', false);
  }

  async moderation(admin: User) {
    const page = await this.open(admin, '/console/admin/moderation');
    await page.getByTestId('flag').first().waitFor();
    await page.getByRole('heading', { name: 'Featured servers' }).waitFor();
    await page.getByText(/No featured server|Unfeature/).first().waitFor();
    await this.save(page, 'moderation');
  }
}

await main();
