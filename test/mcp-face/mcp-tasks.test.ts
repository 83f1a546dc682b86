import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWorker } from '../../worker/run-worker.ts';
import type { RunningWorker } from '../../worker/run-worker.ts';
import { addServerEverything, LONG, registerSearchAttributes, until } from '../execution/helpers/setup.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { connect, listen, textOf } from './helpers.ts';

type Json = Record<string, any>;

// Jobs as MCP tasks (issue 11, Build 2): a task-augmented tools/call creates a job at once;
// tasks/* read and act on that job from any later session, across a worker restart, and
// never for another user.
describe('/mcp tasks', { timeout: 180_000 }, () => {
  let t: TestApp;
  let url: string;
  let worker: RunningWorker;
  const clients: Client[] = [];
  const open = async (apiKey: string) => {
    const client = await connect(url, apiKey, { tasks: { list: {}, cancel: {} } });
    clients.push(client);
    return client;
  };
  const startTask = (client: Client, name: string, args: Json) =>
    client.request({ method: 'tools/call', params: { name, arguments: args, task: { ttl: 60_000 } } }, CreateTaskResultSchema);
  const start = () => runWorker({ config: t.config, db: t.db, temporal: t.temporal, taskQueue: t.taskQueue, logger: t.app.log as never, search: t.search });

  beforeAll(async () => {
    // A short grace: the stopping worker hands the running call back to Temporal at once.
    t = await createTestApp({ worker: false, env: { SHUTDOWN_GRACE_MS: '300' } });
    await registerSearchAttributes(t.temporal.client, t.temporal.namespace);
    worker = await start();
    await addServerEverything(t);
    url = await listen(t, 27402);
  }, 300_000);
  afterAll(async () => {
    for (const client of clients) await client.close();
    await worker?.stop();
    await t?.close();
  });

  it('runs execute_tool as a task that outlives its session and a worker restart', async () => {
    const owner = await t.createUser({ plan: 'pro' });
    const first = await open(owner.apiKey);
    const created = await startTask(first, 'execute_tool', { tool_name: LONG, params: { duration: 6, steps: 6 } });
    const taskId = created.task.taskId;
    expect(created.task).toMatchObject({ status: 'working', ttl: null, pollInterval: 1000 });
    // task id = job id: the REST API shows the same job.
    expect((await t.app.inject({ method: 'GET', url: `/jobs/${taskId}`, headers: owner.headers })).json()).toMatchObject({ job_id: taskId, tool: LONG });
    await first.close();

    const second = await open(owner.apiKey);
    await until(async () => /running: .*\((1[0-9]|[2-9][0-9])%\)/.test((await second.experimental.tasks.getTask(taskId)).statusMessage ?? ''), 30_000, 200);
    await worker.stop();
    worker = await start();

    const result = await second.experimental.tasks.getTaskResult(taskId, CallToolResultSchema, { timeout: 90_000 });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toContain('Long running operation completed');
    expect(result.structuredContent).toMatchObject({ job_id: taskId, execution_id: taskId, status: 'completed' });
    expect((await second.experimental.tasks.getTask(taskId)).status).toBe('completed');
    // The call ran again on the new worker: a second attempt of the job's activity.
    const history = await t.temporal.client.workflow.getHandle(taskId).fetchHistory();
    const attempts = (history.events ?? []).flatMap((e) => (e.activityTaskStartedEventAttributes ? [Number(e.activityTaskStartedEventAttributes.attempt)] : []));
    expect(Math.max(...attempts)).toBeGreaterThanOrEqual(2);

    const listed = await second.experimental.tasks.listTasks();
    expect(listed.tasks.map((task) => task.taskId)).toContain(taskId);

    // Another user: not found, not listed, no result, no cancel.
    const stranger = await open((await t.createUser({ plan: 'pro' })).apiKey);
    await expect(stranger.experimental.tasks.getTask(taskId)).rejects.toThrow(/not found/i);
    await expect(stranger.experimental.tasks.getTaskResult(taskId, CallToolResultSchema)).rejects.toThrow(/not found/i);
    await expect(stranger.experimental.tasks.cancelTask(taskId)).rejects.toThrow(/not found/i);
    expect((await stranger.experimental.tasks.listTasks()).tasks).toEqual([]);
    // A finished task cannot be cancelled.
    await expect(second.experimental.tasks.cancelTask(taskId)).rejects.toThrow(/terminal/);
  });

  it('cancels a queued submit_job task, and refuses tasks for tools that forbid them', async () => {
    const user = await t.createUser({ plan: 'free' }); // one running job at a time
    const client = await open(user.apiKey);
    const running = await startTask(client, 'submit_job', { tool: LONG, arguments: { duration: 3, steps: 3 } });
    const queued = await startTask(client, 'submit_job', { tool: LONG, arguments: { duration: 3, steps: 3 } });
    await until(async () => (await client.experimental.tasks.getTask(queued.task.taskId)).statusMessage?.startsWith('queued'), 20_000, 100);
    const cancelled = await client.experimental.tasks.cancelTask(queued.task.taskId);
    expect(cancelled.status).toBe('cancelled');
    expect((await t.app.inject({ method: 'GET', url: `/jobs/${queued.task.taskId}`, headers: user.headers })).json()).toMatchObject({ status: 'canceled' });
    const outcome = await client.experimental.tasks.getTaskResult(queued.task.taskId, CallToolResultSchema);
    expect(outcome.isError).toBe(true);
    expect((await client.experimental.tasks.getTaskResult(running.task.taskId, CallToolResultSchema, { timeout: 60_000 })).isError).toBeFalsy();

    await expect(startTask(client, 'get_job', { job_id: running.task.taskId })).rejects.toThrow(/cannot run as a task/);
    await expect(startTask(client, 'execute_tool', { tool_name: 'everything/echo', params: { message: 1 } })).rejects.toThrow(/argument/i);
  });
});
