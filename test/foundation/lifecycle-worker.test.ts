import { randomUUID } from 'node:crypto';
import { Client } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activities } from '../../activities/index.ts';
import { createLogger } from '../../platform/logger.ts';
import { createWorker } from '../../worker/create-worker.ts';
import { until } from '../execution/helpers/setup.ts';
import { temporalAddress } from '../support/services.ts';
import { HEALTH_CHECK_WORKFLOW, workflowArgs } from '../../contracts/workflows.ts';

// Issue 18 item 5, the general case: an activity that never looks at its cancellation signal
// (a long embedding batch did not) kept a stopping worker, and so the process, alive past any
// grace time. The worker now settles such an attempt when it cancels it for shutdown, and the
// next worker retries it. The activity is swapped out here: this tests the worker's
// orchestration (STYLE.md), on the real Temporal server.
const GRACE_MS = 500;
/** Below the force margin (3 s): the attempt was settled, not abandoned by the backstop. */
const SETTLED_WITHIN_MS = GRACE_MS + 2_500;

let connection: NativeConnection;
let client: Client;
beforeAll(async () => {
  connection = await NativeConnection.connect({ address: temporalAddress() });
  client = new Client({ connection });
});
afterAll(async () => {
  await connection?.close();
});

describe('a stopping worker and an activity that ignores cancellation', () => {
  it('settles the attempt after the grace time, and the next worker runs it again', async () => {
    const taskQueue = `lifecycle-${randomUUID()}`;
    const logger = createLogger('silent');
    let started = 0;
    const stuck = {
      // Never settles, never reads Context.current().cancellationSignal.
      probeDatabase: () => {
        started += 1;
        return new Promise<never>(() => {});
      },
    } as unknown as Activities;
    const first = await createWorker({ connection, namespace: 'default', taskQueue, activities: stuck, logger, shutdownGraceMs: GRACE_MS });
    const running = first.run();
    const handle = await client.workflow.start(HEALTH_CHECK_WORKFLOW, { taskQueue, workflowId: `lifecycle-${randomUUID()}`, args: workflowArgs(HEALTH_CHECK_WORKFLOW, { requestedBy: 'lifecycle' }) });
    await until(async () => started > 0, 30_000, 50);

    const stopping = Date.now();
    first.shutdown();
    await expect(running).resolves.toBeUndefined();
    expect(Date.now() - stopping).toBeLessThan(SETTLED_WITHIN_MS);

    const healthy = {
      probeDatabase: async () => ({ database: 'ok' as const, worker: 'second', checkedAt: new Date().toISOString() }),
    } as unknown as Activities;
    const second = await createWorker({ connection, namespace: 'default', taskQueue, activities: healthy, logger, shutdownGraceMs: GRACE_MS });
    const result = await second.runUntil(handle.result());
    expect(result).toMatchObject({ requestedBy: 'lifecycle', database: 'ok', worker: 'second' });
  }, 90_000);
});
