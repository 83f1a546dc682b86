import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRegistrySchedules } from '../../api/services/registry/schedules.ts';
import { oauthCleanupScheduleId, registrySyncScheduleId, serverHealthScheduleId } from '../../contracts/index.ts';
import { createLogger } from '../../platform/logger.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

describe('registry Temporal Schedules', () => {
  let t: TestApp;
  // A queue no worker polls: the immediate first runs just wait, and are terminated below.
  const taskQueue = `sched-${randomBytes(4).toString('hex')}`;
  const ids = [registrySyncScheduleId(taskQueue), serverHealthScheduleId(taskQueue), oauthCleanupScheduleId(taskQueue)];

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
  });
  afterAll(async () => {
    for (const id of ids) {
      const handle = t.temporal.client.schedule.getHandle(id);
      const described = await handle.describe().catch(() => null);
      for (const run of described?.info.recentActions ?? []) {
        await t.temporal.client.workflow.getHandle(run.action.workflow.workflowId).terminate('test over').catch(() => {});
      }
      await handle.delete().catch(() => {});
    }
    await t?.close();
  });

  it('creates the sync and health schedules once, and leaves them alone on the next start', async () => {
    const logger = createLogger('silent');
    await ensureRegistrySchedules(t.temporal.client, taskQueue, logger, { upstreamUrl: 'https://registry.example.com/v0.1/servers' });
    await ensureRegistrySchedules(t.temporal.client, taskQueue, logger);
    const sync = await t.temporal.client.schedule.getHandle(ids[0] as string).describe();
    expect(sync.action).toMatchObject({ type: 'startWorkflow', workflowType: 'registrySyncWorkflow', taskQueue });
    expect(sync.action.type === 'startWorkflow' && sync.action.args).toEqual([{ requestedBy: 'schedule', upstreamUrl: 'https://registry.example.com/v0.1/servers' }]);
    expect(sync.spec.intervals?.[0]?.every).toBe(6 * 3600 * 1000);
    const health = await t.temporal.client.schedule.getHandle(ids[1] as string).describe();
    expect(health.action).toMatchObject({ workflowType: 'serverHealthWorkflow', taskQueue });
    expect(health.spec.intervals?.[0]?.every).toBe(5 * 60 * 1000);
    const cleanup = await t.temporal.client.schedule.getHandle(ids[2] as string).describe();
    expect(cleanup.action).toMatchObject({ workflowType: 'oauthCleanupWorkflow', taskQueue });
    expect(cleanup.spec.intervals?.[0]?.every).toBe(3600 * 1000);
  });
});
