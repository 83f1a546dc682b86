import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LONG, createExecutionApp, sleep, until } from './helpers/setup.ts';
import { startProcess } from './helpers/processes.ts';
import type { ServiceProcess } from './helpers/processes.ts';
import { jobOf, openStream } from './helpers/stream-client.ts';
import type { OpenStream } from './helpers/stream-client.ts';

// A stream open on a job that outlives the process must not hold the process up: on SIGTERM
// the stream gets a final `shutdown` event and is closed, and the process exits in its grace
// time. Both shapes: the production API process on Postgres (its worker elsewhere), and the
// embedded default (API and worker in one process on PGlite).
const GRACE_MS = 2_000;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Two progress steps seen, SIGTERM, then the final event, the end of the stream and the exit. */
async function acrossSigterm(stream: OpenStream, pid: number) {
  expect(stream.status).toBe(200);
  await stream.waitFor((e) => e.event === 'job' && (jobOf(e).progress?.percentage ?? 0) > 0, 60_000);
  const signalled = Date.now();
  process.kill(pid, 'SIGTERM');
  const final = await stream.waitFor((e) => e.event === 'shutdown', GRACE_MS + 5_000);
  await stream.ended;
  expect(stream.events.at(-1)).toBe(final);
  expect(JSON.parse(final.data)).toMatchObject({ reason: expect.any(String), reconnect: true });
  await until(async () => !alive(pid), GRACE_MS + 8_000, 100);
  return Date.now() - signalled;
}

describe('an open job stream across SIGTERM', () => {
  it('production shape: the API process ends the stream with a final event and exits in its grace time', async () => {
    const t = await createExecutionApp();
    cleanups.push(() => t.close());
    const port = 25_900 + Math.floor(Math.random() * 90);
    const api: ServiceProcess = await startProcess('api', t, { PORT: String(port), HOST: '127.0.0.1', SHUTDOWN_GRACE_MS: String(GRACE_MS) });
    cleanups.push(() => api.kill());
    const user = await t.createUser({ plan: 'pro' });
    const submitted = await t.app.inject({ method: 'POST', url: '/jobs/submit', headers: user.headers, payload: { tool: LONG, arguments: { duration: 40, steps: 40 } } });
    expect(submitted.statusCode).toBe(200);
    const stream = await openStream(`http://127.0.0.1:${port}`, submitted.json().job_id, user.headers);
    cleanups.push(() => stream.close());
    const took = await acrossSigterm(stream, api.pid);
    expect(took).toBeLessThan(GRACE_MS + 5_000);
  }, 240_000);

  it('embedded default: the one process (API, worker, PGlite) ends the stream and exits in its grace time', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-stream-'));
    const port = 25_000 + 3 * Math.floor(Math.random() * 290);
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        PORT: String(port),
        TEMPORAL_DEV_PORT: String(port + 1),
        TEMPORAL_UI_PORT: String(port + 2),
        TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH ?? join(process.cwd(), '.cache/bin/temporal'),
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
        LOG_LEVEL: 'warn',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    cleanups.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });
    const url = `http://127.0.0.1:${port}`;
    await until(async () => (await fetch(`${url}/health`).catch(() => undefined))?.ok, 200_000, 500).catch((err) => {
      throw new Error(`${err.message}\n${output}`);
    });
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
    const took = await acrossSigterm(stream, child.pid as number);
    expect(await exited).toBe(0);
    // The worker gives the running activity the grace time, then Temporal and PGlite close.
    expect(took).toBeLessThan(GRACE_MS + 10_000);
  }, 300_000);
});
