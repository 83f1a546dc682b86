/**
 * The Grafana dashboard (docs/grafana/switchboard.json) on real data, without Grafana:
 * `npx tsx scripts/dashboard-screenshot.ts`.
 *
 * Grafana cannot be built or installed on the machines this project is built on; Prometheus
 * can (Debian's `prometheus` package, 2.42: `apt-get install -y prometheus`; this script runs
 * the binary itself on a temporary configuration and data folder, never the package's
 * service). So the script:
 *
 * 1. starts the service the way the console screenshots do (test/support/test-app.ts through
 *    test/execution/helpers/setup.ts: a fresh database dropped at the end, a task queue of its
 *    own, a real worker, the real server-everything), plus the process telemetry every entry
 *    starts (platform/telemetry/process.ts) with METRICS_PORT, so its metrics listener is the one
 *    Prometheus scrapes, every second;
 * 2. drives real load through HTTP for LOAD_SECONDS (default 75): direct runs of everything's
 *    echo and get-sum, now and then a get-resource-reference the tool refuses (a failed call),
 *    retrievals, jobs (quick and long-running), and a webhook whose receiver fails each first
 *    attempt;
 * 3. runs every PromQL expression of every dashboard panel against Prometheus's HTTP API over
 *    the load's window (Grafana's `$__rate_interval` and `$__range` replaced by fixed windows)
 *    and fails, naming them, if any is refused or returns no data;
 * 4. takes Chromium screenshots of Prometheus's own graph page for the key panels (their
 *    targets joined into one expression, each target's legend as a `series` label) into
 *    docs/screenshots/dashboard-*.png.
 *
 * Needs the test services (Postgres, Temporal, Chromium: `scripts/infra/up.sh`) and Prometheus
 * (PROMETHEUS_PATH, default /usr/bin/prometheus). Ports: DASHBOARD_PORT (default 30500) for
 * the API, +1 for the metrics listener, +2 for Prometheus. `--check-only` skips the screenshots.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { createLogger } from '../platform/logger.ts';
import { startProcessTelemetry } from '../platform/telemetry/process.ts';
import { launchBrowser } from '../test/console/browser.ts';
import { createExecutionApp, LONG, sleep, until } from '../test/execution/helpers/setup.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { startReceiver } from '../test/webhooks/receiver.ts';

type Json = Record<string, any>;

const ROOT = new URL('../', import.meta.url);
const OUT = fileURLToPath(new URL('docs/screenshots/', ROOT));
const DASHBOARD = fileURLToPath(new URL('docs/grafana/switchboard.json', ROOT));
const BASE = Number(process.env.DASHBOARD_PORT ?? 30500);
const API_PORT = BASE;
const METRICS_PORT = BASE + 1;
const PROMETHEUS_PORT = BASE + 2;
const PROMETHEUS_PATH = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 75);
/** What Grafana's `$__rate_interval` is replaced by: a few scrapes, so short bursts still show. */
const RATE_INTERVAL = '15s';
const CHECK_ONLY = process.argv.includes('--check-only');

/** Which panels are photographed (by title prefix), and the file each goes to. */
const SHOTS: Array<{ title: string; file: string }> = [
  { title: 'HTTP latency p50 / p90 / p99', file: 'dashboard-http-latency' },
  { title: 'Retrieval latency', file: 'dashboard-retrieval-latency' },
  { title: 'Tool call error ratio by server', file: 'dashboard-tool-errors' },
  { title: 'Tool calls: p90 duration by server', file: 'dashboard-slowest-servers' },
  { title: 'Jobs by state', file: 'dashboard-jobs' },
];

const log = (line: string) => process.stderr.write(`dashboard: ${line}\n`);

interface Panel {
  title: string;
  targets: Array<{ expr: string; legendFormat?: string; refId?: string }>;
}

async function main() {
  const panels = (JSON.parse(await readFile(DASHBOARD, 'utf8')) as { panels: Panel[] }).panels;
  const temp = await mkdtemp(join(tmpdir(), 'switchboard-prometheus-'));
  let prometheus: ChildProcess | undefined;
  let t: TestApp | undefined;
  let stopTelemetry: (() => Promise<void>) | undefined;
  let browser: Browser | undefined;
  const receiver = await startReceiver({ failFirst: 1 });
  try {
    log('starting the service (fresh database, worker, server-everything)…');
    t = await createExecutionApp({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true', METRICS_PORT: String(METRICS_PORT) });
    stopTelemetry = await startProcessTelemetry(t.config, createLogger('warn'));
    await t.app.listen({ host: '127.0.0.1', port: API_PORT });
    prometheus = await startPrometheus(temp);

    const started = Date.now();
    await load(t, receiver.url, started + LOAD_SECONDS * 1000);
    // Two more scrapes, so the last requests are in Prometheus too.
    await sleep(2500);
    const ended = Date.now();
    const window = { start: started / 1000, end: ended / 1000, range: `${Math.ceil((ended - started) / 1000)}s` };

    const failures = await checkPanels(panels, window);
    if (failures.length) throw new Error(`dashboard queries without data or refused:\n${failures.join('\n')}`);
    log(`every query of the ${panels.length} panels returns data`);

    if (!CHECK_ONLY) {
      await mkdir(OUT, { recursive: true });
      browser = await launchBrowser();
      for (const shot of SHOTS) {
        const panel = panels.find((p) => p.title.startsWith(shot.title));
        if (!panel) throw new Error(`no panel titled "${shot.title}…" in the dashboard`);
        await screenshot(browser, panel, window, shot.file);
      }
      log(`saved ${SHOTS.length} screenshots in docs/screenshots/`);
    }
  } finally {
    await browser?.close();
    await t?.close();
    await stopTelemetry?.();
    await receiver.close();
    if (prometheus && prometheus.exitCode === null) {
      prometheus.kill('SIGTERM');
      await new Promise((resolve) => prometheus!.once('exit', resolve));
    }
    await rm(temp, { recursive: true, force: true });
  }
}

/** Prometheus on a temporary configuration and data folder, scraping the metrics listener every second. */
async function startPrometheus(dir: string): Promise<ChildProcess> {
  const config = join(dir, 'prometheus.yml');
  await writeFile(
    config,
    [
      'global: { scrape_interval: 1s, evaluation_interval: 1s }',
      'scrape_configs:',
      '  - job_name: switchboard',
      `    static_configs: [{ targets: ['127.0.0.1:${METRICS_PORT}'] }]`,
      '',
    ].join('\n'),
  );
  const child = spawn(
    PROMETHEUS_PATH,
    [`--config.file=${config}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${PROMETHEUS_PORT}`, '--log.level=warn'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.once('error', (error) => (stderr += String(error)));
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`prometheus exited (${child.exitCode}): ${stderr}`);
      return fetch(`http://127.0.0.1:${PROMETHEUS_PORT}/-/ready`).then((r) => r.ok, () => false);
    },
    30_000,
    200,
  ).catch((error: Error) => {
    throw new Error(`${error.message} (is ${PROMETHEUS_PATH} installed? apt-get install -y prometheus) ${stderr}`);
  });
  // Wait for the first successful scrape of the service.
  await until(async () => (await promQuery('up{job="switchboard"} == 1')).length > 0, 30_000, 250);
  log(`Prometheus ${PROMETHEUS_PATH} on http://127.0.0.1:${PROMETHEUS_PORT}, scraping :${METRICS_PORT} every second`);
  return child;
}

/** Real requests over HTTP until `until`: two callers running direct runs and retrievals, jobs now and then. */
async function load(t: TestApp, receiverUrl: string, deadline: number) {
  // Enterprise: no rate limit in the way of the load (the spec's plans).
  const ada = await t.createUser({ plan: 'enterprise', email: 'ada@example.com' });
  const grace = await t.createUser({ plan: 'enterprise', email: 'grace@example.com' });
  const origin = `http://127.0.0.1:${API_PORT}`;
  const counts = new Map<string, number>();
  const call = async (user: typeof ada, method: 'GET' | 'POST', path: string, body?: object) => {
    const headers = body ? { ...user.headers, 'content-type': 'application/json' } : user.headers;
    const res = await fetch(`${origin}${path}`, { method, headers, body: body && JSON.stringify(body) });
    const key = `${method} ${path.split('?')[0]} ${res.status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return (await res.json().catch(() => ({}))) as Json;
  };
  await call(ada, 'POST', '/webhooks', { url: receiverUrl, events: ['job.completed'], description: 'dashboard' });
  log(`driving load for ${LOAD_SECONDS} s…`);
  const queries = ['echo a message back', 'add two numbers', 'long running task with progress', 'show environment variables', 'get a tiny test image'];
  const caller = async (user: typeof ada, offset: number) => {
    for (let i = offset; Date.now() < deadline; i++) {
      await call(user, 'POST', '/v1/execute_tool', { tool_name: 'everything/echo', params: { message: `load ${i}` } });
      await call(user, 'GET', `/v2/retrieve_tools?query=${encodeURIComponent(queries[i % queries.length]!)}&top_k=5`);
      await call(user, 'POST', '/v1/execute_tool', { tool_name: 'everything/get-sum', params: { a: i, b: 2 } });
      // A resource id the tool itself refuses (an isError result): a failed tool call, a 500 EXECUTION_ERROR.
      if (i % 5 === 0) await call(user, 'POST', '/v1/execute_tool', { tool_name: 'everything/get-resource-reference', params: { resourceId: -1 } });
      if (i % 8 === 0) await call(user, 'POST', '/jobs/submit', { tool: 'everything/echo', arguments: { message: `job ${i}` } });
      if (i % 20 === 0) await call(user, 'POST', '/jobs/submit', { tool: LONG, arguments: { duration: 8, steps: 4 } });
    }
  };
  await Promise.all([caller(ada, 0), caller(grace, 3)]);
  log(`requests: ${[...counts].map(([k, n]) => `${k} ×${n}`).join(', ')}`);
}

interface Window {
  start: number;
  end: number;
  range: string;
}

/** A panel target as Prometheus reads it: Grafana's interval variables replaced by fixed windows. */
function promql(expr: string, window: Window): string {
  return expr.replaceAll('$__rate_interval', RATE_INTERVAL).replaceAll('$__range', window.range).replaceAll('$__interval', '2s');
}

async function promApi(path: string, params: Record<string, string>): Promise<Json> {
  const res = await fetch(`http://127.0.0.1:${PROMETHEUS_PORT}/api/v1/${path}?${new URLSearchParams(params)}`);
  const body = (await res.json()) as Json;
  if (body.status !== 'success') throw new Error(`${body.errorType}: ${body.error}`);
  return body.data as Json;
}

async function promQuery(query: string): Promise<Json[]> {
  return (await promApi('query', { query })).result as Json[];
}

/** Every target of every panel over the window: refused, or no series with a number in it, is a failure. */
async function checkPanels(panels: Panel[], window: Window): Promise<string[]> {
  const failures: string[] = [];
  for (const panel of panels) {
    for (const target of panel.targets) {
      const query = promql(target.expr, window);
      try {
        const result = (await promApi('query_range', { query, start: String(window.start), end: String(window.end), step: '2' })).result as Array<{
          metric: Json;
          values: Array<[number, string]>;
        }>;
        const numbers = result.flatMap((series) => series.values.map(([, v]) => Number(v))).filter((v) => Number.isFinite(v));
        if (numbers.length === 0) failures.push(`  "${panel.title}" ${target.refId ?? ''}: no data for ${query}`);
        else log(`ok  ${panel.title} ${target.refId ?? ''}: ${result.length} series`);
      } catch (error) {
        failures.push(`  "${panel.title}" ${target.refId ?? ''}: refused (${(error as Error).message}) ${query}`);
      }
    }
  }
  return failures;
}

/**
 * One graph of Prometheus's (classic) graph page for the panel: its targets joined with `or`,
 * each marked with its legend in a `series` label when the legend is fixed text (p50, p99…).
 */
async function screenshot(browser: Browser, panel: Panel, window: Window, file: string) {
  const parts = panel.targets.map((target) => {
    const query = promql(target.expr, window);
    const legend = target.legendFormat ?? '';
    const fixed = legend.replace(/\{\{[^}]*\}\}/g, '').trim();
    return fixed && panel.targets.length > 1 ? `label_replace(${query}, "series", "${fixed}", "", "")` : query;
  });
  const expr = parts.join(' or ');
  // The graph ends now: from just before the load began.
  const range = `${Math.ceil(Date.now() / 1000 - window.start) + 5}s`;
  const params = new URLSearchParams({ 'g0.expr': expr, 'g0.tab': '0', 'g0.range_input': range, 'g0.stacked': '0' });
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  try {
    await page.goto(`http://127.0.0.1:${PROMETHEUS_PORT}/classic/graph?${params}`);
    // Attached, not visible: a series that is flat at the bottom counts as hidden.
    await page.locator('.graph_area svg path').first().waitFor({ state: 'attached', timeout: 20_000 });
    await page.locator('.legend').first().waitFor();
    await sleep(500);
    // From the expression box to the end of the legend: the query, the graph and its series.
    const top = (await page.locator('textarea').first().boundingBox())?.y ?? 0;
    const box = await page.locator('.graph_container').first().boundingBox();
    const bottom = box ? box.y + box.height : 900;
    await page.screenshot({ path: join(OUT, `${file}.png`), fullPage: true, clip: { x: 0, y: Math.max(0, top - 10), width: 1000, height: bottom - top + 20 } });
    log(`saved docs/screenshots/${file}.png (${panel.title})`);
  } finally {
    await page.close();
  }
}

await main();
