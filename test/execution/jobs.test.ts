import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SLOT_FREED_SIGNAL } from '../../contracts/index.ts';
import { findJob } from '../../db/jobs/jobs.ts';
import { rawRows } from '../../db/jobs/raw-rows.ts';
import { stableUuid } from '../../domain/stable-id.ts';
import type { TestApp } from '../support/test-app.ts';
import { createExecutionApp, LONG, until } from './helpers/setup.ts';
import { parseSse } from './helpers/sse.ts';

type Json = Record<string, any>;

// Jobs end to end: the real worker runs server-everything's tools as job workflows.
describe('jobs', { timeout: 60_000 }, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createExecutionApp();
  }, 120_000);
  afterAll(async () => t?.close());

  const submit = (headers: Record<string, string>, body: Json) => t.app.inject({ method: 'POST', url: '/jobs/submit', headers, payload: body });
  const get = async (headers: Record<string, string>, id: string) => (await t.app.inject({ method: 'GET', url: `/jobs/${id}`, headers })).json() as Json;
  const finished = (headers: Record<string, string>, id: string, timeoutMs = 30_000) =>
    until(async () => {
      const job = await get(headers, id);
      return ['completed', 'failed', 'canceled', 'timeout'].includes(job.status) ? job : undefined;
    }, timeoutMs);

  it('runs the long operation with progress, streamed as SSE and resumable with Last-Event-ID', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const submitted = await submit(user.headers, { tool: LONG, arguments: { duration: 3, steps: 3 } });
    expect(submitted.statusCode).toBe(200);
    const job = submitted.json();
    expect(job).toMatchObject({ status: 'queued', tool: LONG, estimated_duration_ms: expect.any(Number), created_at: expect.any(Number) });

    const stream = await t.app.inject({ method: 'GET', url: `/jobs/${job.job_id}/stream`, headers: user.headers });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    const events = parseSse(stream.body);
    const jobs = events.map((e) => JSON.parse(e.data) as Json);
    expect(events.every((e) => e.event === 'job')).toBe(true);
    const ids = events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(jobs.at(-1)).toMatchObject({ status: 'completed', result: { content: [{ type: 'text' }] }, execution_time_ms: expect.any(Number) });
    const percentages = jobs.filter((j) => j.status === 'running').map((j) => j.progress.percentage);
    expect(percentages).toEqual(expect.arrayContaining([33, 67]));
    expect(jobs.find((j) => j.progress?.total_steps === 3)?.progress).toMatchObject({ current_step: expect.any(String), total_steps: 3 });

    // Reconnecting after the last event: nothing new, the stream just ends.
    const resumedAtEnd = await t.app.inject({ method: 'GET', url: `/jobs/${job.job_id}/stream`, headers: { ...user.headers, 'last-event-id': String(ids.at(-1)) } });
    expect(parseSse(resumedAtEnd.body)).toEqual([]);
    // Reconnecting from an early id: the current Job once, not the history again.
    const resumed = parseSse((await t.app.inject({ method: 'GET', url: `/jobs/${job.job_id}/stream`, headers: { ...user.headers, 'last-event-id': String(ids[0]) } })).body);
    expect(resumed).toHaveLength(1);
    expect(JSON.parse(resumed[0]!.data).status).toBe('completed');

    const final = await get(user.headers, job.job_id);
    expect(final).toMatchObject({ status: 'completed', started_at: expect.any(Number), completed_at: expect.any(Number) });
    expect(final.execution_time_ms).toBeGreaterThanOrEqual(2_500);

    // The next estimate comes from this run's duration.
    const again = (await submit(user.headers, { tool: LONG, arguments: { duration: 0.2, steps: 1 } })).json();
    expect(again.estimated_duration_ms).toBeGreaterThanOrEqual(2_500);
    await finished(user.headers, again.job_id);
  });

  const slotSignals = async (jobId: string) => {
    const history = await t.temporal.client.workflow.getHandle(jobId).fetchHistory();
    return (history.events ?? []).filter((e) => e.workflowExecutionSignaledEventAttributes?.signalName === SLOT_FREED_SIGNAL).length;
  };

  it('queues behind the free plan slot: real positions, cancel while queued, 400 while running', async () => {
    const user = await t.createUser({ plan: 'free' });
    const a = (await submit(user.headers, { tool: LONG, arguments: { duration: 3, steps: 3 } })).json();
    await until(async () => (await get(user.headers, a.job_id)).status === 'running');
    const b = (await submit(user.headers, { tool: 'echo', arguments: { message: 'b' } })).json();
    const c = (await submit(user.headers, { tool: 'echo', arguments: { message: 'c' } })).json();
    expect(await get(user.headers, b.job_id)).toMatchObject({ status: 'queued', position_in_queue: 1 });
    expect(await get(user.headers, c.job_id)).toMatchObject({ status: 'queued', position_in_queue: 2 });

    const running = await t.app.inject({ method: 'DELETE', url: `/jobs/${a.job_id}`, headers: user.headers });
    expect(running.statusCode).toBe(400);
    expect(running.json().error.code).toBe('CANNOT_CANCEL_RUNNING');

    const cancel = await t.app.inject({ method: 'DELETE', url: `/jobs/${b.job_id}?reason=changed%20my%20mind`, headers: user.headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ job_id: b.job_id, status: 'canceled', message: expect.any(String) });
    expect(await get(user.headers, b.job_id)).toMatchObject({ status: 'canceled', reason: 'changed my mind', canceled_at: expect.any(Number) });
    expect(await get(user.headers, c.job_id)).toMatchObject({ status: 'queued', position_in_queue: 1 });

    const doneA = await finished(user.headers, a.job_id);
    const doneC = await finished(user.headers, c.job_id);
    expect(doneA.status).toBe('completed');
    expect(doneC).toMatchObject({ status: 'completed', result: { content: [{ text: 'Echo: c' }] } });
    // C waited for A's slot and was woken by A's signal; A, which never waited, got none.
    expect(doneC.started_at).toBeGreaterThanOrEqual(doneA.completed_at);
    expect(await slotSignals(c.job_id)).toBeGreaterThanOrEqual(1);
    expect(await slotSignals(a.job_id)).toBe(0);
    const history = await t.temporal.client.workflow.getHandle(b.job_id).describe();
    expect(history.status.name).toBe('CANCELLED');
  });

  it('tags each run with user, tool and server search attributes, and lets an operator cancel a running job', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const job = (await submit(user.headers, { tool: LONG, arguments: { duration: 20, steps: 20 } })).json();
    await until(async () => (await get(user.headers, job.job_id)).progress?.percentage > 0);
    const handle = t.temporal.client.workflow.getHandle(job.job_id);
    const attributes = (await handle.describe()).searchAttributes;
    expect(attributes).toMatchObject({ SwitchboardUser: [user.user.id], SwitchboardTool: [LONG], SwitchboardServer: ['everything'] });
    const found = [];
    for await (const run of t.temporal.client.workflow.list({ query: `SwitchboardUser="${user.user.id}" AND SwitchboardTool="${LONG}"` })) found.push(run.workflowId);
    expect(found).toContain(job.job_id);

    // Cancel from the Temporal side (UI or CLI): the MCP call is aborted, the projection follows.
    const started = Date.now();
    await handle.cancel();
    const done = await finished(user.headers, job.job_id);
    // The activity hears of it with its next heartbeat, throttled to 80% of the 10 s heartbeat timeout.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(done).toMatchObject({ status: 'canceled', reason: 'canceled by an operator' });
  });

  it('ends a job past its time limit in the timeout state', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const job = (await submit(user.headers, { tool: LONG, arguments: { duration: 5, steps: 5 }, timeout_ms: 1_000 })).json();
    const done = await finished(user.headers, job.job_id);
    expect(done).toMatchObject({ status: 'timeout', error: { code: 'EXECUTION_TIMEOUT' }, completed_at: expect.any(Number) });
  });

  it('fails a job whose tool reports an error, with the tool error in details', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const job = (await submit(user.headers, { tool: 'get-resource-reference', arguments: { resourceId: -1 } })).json();
    const done = await finished(user.headers, job.job_id);
    expect(done).toMatchObject({ status: 'failed', error: { code: 'EXECUTION_ERROR', details: { tool_error: expect.stringContaining('Invalid resourceId') } } });
  });

  // The final event is written in the statement that writes the final state, built from the
  // row as that statement leaves it (activities/jobs): it must say what the row says.
  it('announces each ending with the times, result and error its row holds', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const ok = (await submit(user.headers, { tool: 'echo', arguments: { message: 'ended' } })).json();
    const bad = (await submit(user.headers, { tool: 'get-resource-reference', arguments: { resourceId: -1 } })).json();
    for (const [id, kind] of [[ok.job_id, 'job.completed'], [bad.job_id, 'job.failed']] as const) {
      await finished(user.headers, id);
      const row = await findJob(t.db, id);
      const [event] = await rawRows<{ data: Json; id: string }>(t.db, sql`select id, data from events where kind = ${kind} and data->>'job_id' = ${id}`);
      const seconds = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : null);
      expect(event?.id).toBe(stableUuid(id, kind));
      const times = { created_at: seconds(row?.createdAt), started_at: seconds(row?.startedAt), completed_at: seconds(row?.completedAt) };
      expect(times.completed_at).toEqual(expect.any(Number));
      if (kind === 'job.completed') expect(event?.data).toEqual({ job_id: id, tool: 'echo', status: 'completed', ...times, execution_time_ms: row?.executionTimeMs, result: row?.result });
      else expect(event?.data).toEqual({ job_id: id, tool: 'get-resource-reference', status: 'failed', ...times, error: row?.error });
      // job.started is written with the claim, from the row as the claim leaves it (not read back).
      const started = await rawRows<{ data: Json; id: string }>(t.db, sql`select id, data from events where kind = 'job.started' and data->>'job_id' = ${id}`);
      expect(started).toEqual([
        { id: stableUuid(id, 'job.started'), data: { job_id: id, tool: row?.tool, started_at: times.started_at, estimated_duration_ms: row?.estimatedDurationMs } },
      ]);
    }
  });

  it('refuses a job with invalid arguments or an unknown tool at submit', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const bad = await submit(user.headers, { tool: 'get-sum', arguments: { a: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'INVALID_ARGUMENTS', argument: 'b' });
    const unknown = await submit(user.headers, { tool: 'nope', arguments: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('TOOL_NOT_FOUND');
  });

  it('lists only the caller\'s jobs, newest first, with status filter and pagination; others get 404', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const other = await t.createUser({ plan: 'pro' });
    const ids: string[] = [];
    for (const message of ['1', '2', '3']) ids.push((await submit(user.headers, { tool: 'echo', arguments: { message } })).json().job_id);
    for (const id of ids) await finished(user.headers, id);
    const list = (await t.app.inject({ method: 'GET', url: '/jobs?limit=2', headers: user.headers })).json();
    expect(list.pagination).toEqual({ limit: 2, offset: 0, total: 3 });
    expect(list.jobs.map((j: Json) => j.job_id)).toEqual([ids[2], ids[1]]);
    expect(list.jobs[0]).toMatchObject({ tool: 'echo', status: 'completed', created_at: expect.any(Number), completed_at: expect.any(Number) });
    const page2 = (await t.app.inject({ method: 'GET', url: '/jobs?limit=2&offset=2', headers: user.headers })).json();
    expect(page2.jobs.map((j: Json) => j.job_id)).toEqual([ids[0]]);
    const queued = (await t.app.inject({ method: 'GET', url: '/jobs?status=queued', headers: user.headers })).json();
    expect(queued.pagination.total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/jobs?limit=101', headers: user.headers })).statusCode).toBe(400);

    expect((await t.app.inject({ method: 'GET', url: '/jobs', headers: other.headers })).json().pagination.total).toBe(0);
    for (const method of ['GET', 'DELETE'] as const) {
      const r = await t.app.inject({ method, url: `/jobs/${ids[0]}`, headers: other.headers });
      expect(r.statusCode).toBe(404);
      expect(r.json().error.code).toBe('JOB_NOT_FOUND');
    }
    expect((await t.app.inject({ method: 'GET', url: '/jobs/not-a-job', headers: user.headers })).json().error.code).toBe('JOB_NOT_FOUND');
  });
});
