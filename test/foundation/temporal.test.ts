import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { HEALTH_CHECK_WORKFLOW, workflowArgs } from '../../contracts/workflows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('Temporal wiring', () => {
  it('runs the health workflow through a real worker to the database', async () => {
    const workflowId = `health-${randomUUID()}`;
    const result = await t.temporal.client.workflow.execute(HEALTH_CHECK_WORKFLOW, {
      taskQueue: t.taskQueue,
      workflowId,
      args: workflowArgs(HEALTH_CHECK_WORKFLOW, { requestedBy: 'test' }),
      workflowExecutionTimeout: '30 seconds',
    });
    expect(result).toMatchObject({ requestedBy: 'test', database: 'ok' });
    expect(result.worker).toMatch(/:\d+$/);
    const description = await t.temporal.client.workflow.getHandle(workflowId).describe();
    expect(description.status.name).toBe('COMPLETED');
    expect(description.taskQueue).toBe(t.taskQueue);
  });
});
