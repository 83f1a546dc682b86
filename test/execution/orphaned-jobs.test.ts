import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrphanedJobs } from '../../api/services/jobs/orphaned-jobs.ts';
import { insertJob } from '../../db/jobs/jobs.ts';
import { createEventPublisher } from '../../platform/event-publisher.ts';
import { createLogger } from '../../platform/logger.ts';
import type { TestApp } from '../support/test-app.ts';
import { createExecutionApp, until } from './helpers/setup.ts';

// A submit whose API process died after writing the queued row and before starting the
// workflow (the gap the scale-out fault test found): the sweep starts it, once.
describe('jobs never started', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createExecutionApp();
  }, 300_000);
  afterAll(async () => t?.close());

  it('are started by the sweep after the grace period, run once, and are left alone when they run', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const deps = { config: t.config, db: t.db, temporal: { client: t.temporal.client, taskQueue: t.taskQueue }, events: createEventPublisher(t.db) };
    const logger = createLogger('silent');
    // What the lost API left: the row, nothing else.
    const orphan = await insertJob(t.db, {
      id: crypto.randomUUID(),
      userId: user.user.id,
      tool: 'echo',
      server: 'everything',
      arguments: { message: 'never started' },
      timeLimitMs: 60_000,
      estimatedDurationMs: 1_000,
      createdAt: new Date(Date.now() - 120_000),
    });
    const young = await insertJob(t.db, {
      id: crypto.randomUUID(),
      userId: user.user.id,
      tool: 'echo',
      server: 'everything',
      arguments: { message: 'still being submitted' },
      timeLimitMs: 60_000,
      estimatedDurationMs: 1_000,
    });

    const started = await startOrphanedJobs(deps, logger);
    expect(started).toContain(orphan.id);
    expect(started).not.toContain(young.id);
    const done = await until(async () => {
      const job = (await t.app.inject({ method: 'GET', url: `/jobs/${orphan.id}`, headers: user.headers })).json() as { status: string; result?: unknown };
      return job.status === 'completed' ? job : undefined;
    }, 60_000);
    expect(JSON.stringify(done.result)).toContain('never started');

    // Started or finished: another sweep (from any replica) starts nothing again.
    expect(await startOrphanedJobs(deps, logger, 0)).not.toContain(orphan.id);
    const runs = await t.temporal.client.workflow.count(`WorkflowId = '${orphan.id}'`);
    expect(runs.count).toBe(1);
  });
});
