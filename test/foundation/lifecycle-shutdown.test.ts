import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addServerEverything, registerSearchAttributes, until } from '../execution/helpers/setup.ts';
import { createTestApp, TEST_ADMIN_KEY, TEST_JWT_SECRET, TEST_CREDENTIALS_KEY } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import type { EntryProcess } from './lifecycle-helpers.ts';
import { freePorts, startEntry, startReceiver } from './lifecycle-helpers.ts';

// Issue 18 item 5: after a webhook receiver went away, deliverWebhook local activities kept
// retrying and `npm run worker` was still alive 30 s after SIGTERM, until SIGKILL. Now SIGTERM
// ends the process within SHUTDOWN_GRACE_MS plus a few seconds, and the delivery it cut off
// is delivered by the next worker once the receiver is back: nothing lost.
const GRACE_MS = 2_000;
/** "A few seconds": the worker's force margin (3 s) plus closing MCP children and connections. */
const STOP_ALLOWANCE_MS = 6_000;

describe('SIGTERM with a webhook delivery retrying against a dead receiver', { timeout: 300_000 }, () => {
  let t: TestApp;
  const workers: EntryProcess[] = [];

  const startWorker = async () => {
    const worker = startEntry('runtime/worker.ts', {
      DATABASE_URL: t.config.DATABASE_URL!,
      TEMPORAL_ADDRESS: t.config.TEMPORAL_ADDRESS!,
      TASK_QUEUE_PREFIX: t.config.TASK_QUEUE_PREFIX,
      ADMIN_KEY: TEST_ADMIN_KEY,
      JWT_SECRET: TEST_JWT_SECRET,
      CREDENTIALS_KEY: TEST_CREDENTIALS_KEY,
      SEARCH_BACKEND: 'embedded',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-lifecycle-')),
      ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      LOG_LEVEL: 'info',
    });
    workers.push(worker);
    await worker.waitFor('worker polling', 150_000);
    return worker;
  };

  beforeAll(async () => {
    // No in-process worker: only the worker processes under test run activities.
    t = await createTestApp({ worker: false, env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });
    await registerSearchAttributes(t.temporal.client, t.temporal.namespace);
  }, 180_000);
  afterAll(async () => {
    for (const worker of workers) worker.kill();
    await t?.close();
  });

  it('exits within the grace time, and the next start delivers what was cut off', async () => {
    const first = await startWorker();
    await addServerEverything(t);
    const [deadPort] = await freePorts(1);
    const user = await t.createUser({ plan: 'pro' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/webhooks',
      headers: user.headers,
      payload: { url: `http://127.0.0.1:${deadPort}/hook`, events: ['job.queued'] },
    });
    expect(created.statusCode).toBe(201);
    const submitted = await t.app.inject({ method: 'POST', url: '/jobs/submit', headers: user.headers, payload: { tool: 'echo', arguments: { message: 'hook' } } });
    expect(submitted.statusCode).toBeLessThan(300);

    // The delivery is failing and backing off inside the worker (1 s, 2 s, 4 s, ...).
    const failedAttempts = async () => {
      const list = (await t.app.inject({ method: 'GET', url: '/webhooks', headers: user.headers })).json() as { failed_attempts: number }[] | { webhooks: { failed_attempts: number }[] };
      const rows = Array.isArray(list) ? list : list.webhooks;
      return rows[0]?.failed_attempts ?? 0;
    };
    await until(async () => (await failedAttempts()) >= 2, 60_000, 250);

    const signalled = Date.now();
    process.kill(first.pid, 'SIGTERM');
    const { code } = await first.exited;
    const took = Date.now() - signalled;
    expect(code, first.output().slice(-4000)).toBe(0);
    expect(took).toBeLessThan(GRACE_MS + STOP_ALLOWANCE_MS);
    // It drained by itself: the retry waits are timers, not a workflow task held open.
    expect(first.output()).not.toContain('did not settle');

    // The receiver is back; a new worker picks the delivery up where the old one left it.
    const receiver = await startReceiver(deadPort!);
    try {
      await startWorker();
      await until(async () => receiver.ids.length > 0, 120_000, 250);
      expect(receiver.ids.length).toBeGreaterThan(0);
    } finally {
      await receiver.close();
    }
  });
});
