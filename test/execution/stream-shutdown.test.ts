import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LONG, createExecutionApp, sleep, until } from './helpers/setup.ts';
import { alive, freePorts } from '../support/processes.ts';
import { TEST_ADMIN_KEY, TEST_JWT_SECRET, TEST_CREDENTIALS_KEY } from '../support/test-app.ts';
import { jobOf, openStream } from './helpers/stream-client.ts';
import type { OpenStream } from './helpers/stream-client.ts';

// A stream open on a job that outlives the process must not hold the process up: on SIGTERM
// the stream gets a final `shutdown` event and is closed, and the process exits in its grace
// time. Both shapes: the production API process on Postgres (its worker elsewhere), and the
// embedded default (API and worker in one process on PGlite).
// Streams must end before the grace time runs out (they never wait for it); 5 s leaves a loaded
// machine room to handle the signal, and a stream held until the grace expired still fails.
const GRACE_MS = 5_000;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * Starts an entry point as its own process (its own group, so cleanup reaches what it starts)
 * and resolves once its HTTP port answers; the readiness of the tool index does not matter here.
 */
async function startEntry(entry: string, port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), HOST: '127.0.0.1', SHUTDOWN_GRACE_MS: String(GRACE_MS), LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | string | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  cleanups.push(() => {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // already gone
    }
  });
  const url = `http://127.0.0.1:${port}`;
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}:\n${output.slice(-3000)}`);
    return (await fetch(`${url}/health`).catch(() => undefined)) !== undefined;
  }, 200_000, 500).catch((err) => {
    throw new Error(`${err.message}\n${output.slice(-3000)}`);
  });
  return { pid: child.pid as number, url, exited, output: () => output };
}

/**
 * Progress steps seen, SIGTERM, then the final event at once (the stream does not wait for the
 * worker's grace time), the end of the stream and the exit within `exitWithinMs`.
 */
async function acrossSigterm(stream: OpenStream, pid: number, exitWithinMs: number) {
  expect(stream.status).toBe(200);
  // Steps of one second each reach the stream as they happen: through LISTEN/NOTIFY from another
  // process (production) or in process (PGlite). The 10 s safety read alone would put the first
  // and third at least 20 s apart; the bound leaves room for a loaded machine's slow steps.
  const progress = () => stream.events.filter((e) => e.event === 'job' && (jobOf(e).progress?.percentage ?? 0) > 0);
  await stream.waitFor(() => progress().length >= 3, 60_000);
  const [first, , third] = progress();
  expect(third!.at - first!.at).toBeLessThan(15_000);
  const signalled = Date.now();
  process.kill(pid, 'SIGTERM');
  const final = await stream.waitFor((e) => e.event === 'shutdown', GRACE_MS + 5_000);
  await stream.ended;
  const streamClosedAfter = Date.now() - signalled;
  expect(streamClosedAfter).toBeLessThan(GRACE_MS);
  expect(stream.events.at(-1)).toBe(final);
  expect(JSON.parse(final.data)).toMatchObject({ reason: expect.any(String), reconnect: true });
  await until(async () => !alive(pid), exitWithinMs, 100).catch(() => {
    throw new Error(`process still alive ${exitWithinMs} ms after SIGTERM`);
  });
}

describe('an open job stream across SIGTERM', () => {
  it('production shape: the API process ends the stream with a final event and exits in its grace time', async () => {
    const t = await createExecutionApp();
    cleanups.push(() => t.close());
    const apiDataDir = mkdtempSync(join(tmpdir(), 'sb-stream-api-'));
    cleanups.push(() => rmSync(apiDataDir, { recursive: true, force: true }));
    // Ports proved free in this file's own range, below the ephemeral one (test/support/processes.ts).
    const [apiPort] = await freePorts(1, { from: 25_900, to: 25_989 });
    const api = await startEntry('runtime/api.ts', apiPort, {
      DATABASE_URL: t.config.DATABASE_URL as string,
      TEMPORAL_ADDRESS: t.config.TEMPORAL_ADDRESS as string,
      TASK_QUEUE_PREFIX: t.config.TASK_QUEUE_PREFIX,
      ADMIN_KEY: TEST_ADMIN_KEY,
      JWT_SECRET: TEST_JWT_SECRET,
      CREDENTIALS_KEY: TEST_CREDENTIALS_KEY,
      SEARCH_BACKEND: 'embedded',
      DATA_DIR: apiDataDir,
    });
    const user = await t.createUser({ plan: 'pro' });
    const submitted = await t.app.inject({ method: 'POST', url: '/jobs/submit', headers: user.headers, payload: { tool: LONG, arguments: { duration: 40, steps: 40 } } });
    expect(submitted.statusCode).toBe(200);
    const stream = await openStream(api.url, submitted.json().job_id, user.headers);
    cleanups.push(() => stream.close());
    // Nothing but HTTP and connections to close: the grace time plus a few seconds is plenty.
    await acrossSigterm(stream, api.pid, GRACE_MS + 5_000);
    expect(await api.exited, api.output().slice(-3000)).toBe(0);
  }, 240_000);

  it('embedded default: the one process (API, worker, PGlite) ends the stream and exits in its grace time', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-stream-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const [port, devPort, uiPort] = await freePorts(3, { from: 25_000, to: 25_899 });
    const service = await startEntry('runtime/main.ts', port, {
      DATA_DIR: dataDir,
      TEMPORAL_DEV_PORT: String(devPort),
      TEMPORAL_UI_PORT: String(uiPort),
      TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH ?? join(process.cwd(), '.cache/bin/temporal'),
    });
    const url = service.url;
    const { adminKey } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));
    const created = await fetch(`${url}/admin/users`, {
      method: 'POST',
      headers: { 'x-admin-key': adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'streams@example.test', plan: 'pro' }),
    });
    expect(created.status).toBe(201);
    const headers = { authorization: `Bearer ${(await created.json()).api_key}` };
    // The registry's first sync runs at start: the tool is there within seconds.
    const jobId = await until(async () => {
      const r = await fetch(`${url}/jobs/submit`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ tool: `everything/${LONG}`, arguments: { duration: 40, steps: 40 } }),
      });
      if (r.status === 200) return ((await r.json()) as { job_id: string }).job_id;
      await sleep(500);
      return undefined;
    }, 60_000, 500);
    const stream = await openStream(url, jobId, headers);
    // After HTTP the worker gives the running activity the grace time, then the embedded
    // Temporal server, the MCP servers and PGlite stop: seconds more on a loaded machine.
    await acrossSigterm(stream, service.pid, GRACE_MS + 15_000);
    expect(await service.exited, service.output().slice(-3000)).toBe(0);
  }, 300_000);
});
