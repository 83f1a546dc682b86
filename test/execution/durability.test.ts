import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { addServerEverything, LONG, registerSearchAttributes, until } from './helpers/setup.ts';
import { descendantPids, startProcess } from './helpers/processes.ts';
import { freePorts } from '../support/processes.ts';
import type { ServiceProcess } from './helpers/processes.ts';

type Json = Record<string, any>;

// Durability with real processes: workers and the API run as `npm run worker` / `npm run api`
// (the production shape) and are killed with SIGKILL mid-job.
// Each process boots the whole service (tsx, search index): slow on a loaded machine.
describe('durability', { timeout: 400_000 }, () => {
  let t: TestApp;
  const processes: ServiceProcess[] = [];
  const start = async (kind: 'worker' | 'api', extra?: Record<string, string>) => {
    const p = await startProcess(kind, t, extra);
    processes.push(p);
    return p;
  };

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    await registerSearchAttributes(t.temporal.client, t.temporal.namespace);
    await start('worker');
    await addServerEverything(t);
  }, 300_000);
  afterAll(async () => {
    for (const p of processes) await p.kill();
    await t?.close();
  });

  const get = async (headers: Record<string, string>, id: string) => (await t.app.inject({ method: 'GET', url: `/jobs/${id}`, headers })).json() as Json;
  const submit = async (headers: Record<string, string>, body: Json) =>
    (await t.app.inject({ method: 'POST', url: '/jobs/submit', headers, payload: body })).json() as Json;

  it('finishes a job whose worker was killed mid-call, once another worker runs', async () => {
    const user = await t.createUser({ plan: 'pro' });
    // Long enough that a loaded machine still kills the worker well before the call ends.
    const job = await submit(user.headers, { tool: LONG, arguments: { duration: 10, steps: 10 } });
    await until(async () => (await get(user.headers, job.job_id)).progress?.percentage >= 10, 30_000);
    await processes.shift()?.kill();
    await start('worker');
    const done = await until(async () => {
      const j = await get(user.headers, job.job_id);
      return j.status === 'completed' || j.status === 'failed' ? j : undefined;
    }, 60_000, 250);
    expect(done).toMatchObject({ status: 'completed', result: { content: [{ type: 'text' }] } });
    // The call ran again on the new worker: attempt 2 of the job activity. The projection is
    // written inside that activity, so wait for the run itself before reading its history.
    const handle = t.temporal.client.workflow.getHandle(job.job_id);
    await handle.result();
    const history = await handle.fetchHistory();
    const attempts = (history.events ?? []).flatMap((e) => (e.activityTaskStartedEventAttributes ? [Number(e.activityTaskStartedEventAttributes.attempt)] : []));
    expect(Math.max(...attempts), JSON.stringify(history.events?.map((e) => [e.eventType, e.activityTaskStartedEventAttributes?.attempt]))).toBeGreaterThanOrEqual(2);
  });

  it('calls the tool again when its MCP server died before answering, on a fresh server', async () => {
    // No answer came, so the call is retried (DESIGN.md 8); a server that never answers fails
    // the job clearly after its attempts (test/execution/at-most-once.test.ts).
    const user = await t.createUser({ plan: 'pro' });
    const job = await submit(user.headers, { tool: LONG, arguments: { duration: 4, steps: 4 } });
    await until(async () => (await get(user.headers, job.job_id)).progress?.percentage > 0, 30_000);
    const worker = processes.at(-1) as ServiceProcess;
    const servers = descendantPids(worker.pid, 'server-everything');
    expect(servers.length).toBeGreaterThan(0);
    for (const pid of servers) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch (error) {
        // One of the server's chain (wrapper, bwrap, the server) gone with another already.
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    }
    const finished = async (jobId: string) =>
      until(async () => {
        const j = await get(user.headers, jobId);
        return ['completed', 'failed', 'timeout'].includes(j.status) ? j : undefined;
      }, 30_000, 100);
    expect(await finished(job.job_id)).toMatchObject({ status: 'completed', result: { content: [{ text: expect.stringContaining('Long running operation completed') }] } });
    // As above: the job's row is final from inside the activity, before its events are in the history.
    const handle = t.temporal.client.workflow.getHandle(job.job_id);
    await handle.result();
    const history = await handle.fetchHistory();
    const attempts = (history.events ?? []).flatMap((e) => (e.activityTaskStartedEventAttributes ? [Number(e.activityTaskStartedEventAttributes.attempt)] : []));
    expect(Math.max(...attempts)).toBe(2);
    const next = await submit(user.headers, { tool: 'echo', arguments: { message: 'after' } });
    expect(await finished(next.job_id)).toMatchObject({ status: 'completed' });
    const relaunched = descendantPids(worker.pid, 'server-everything');
    expect(relaunched.length).toBeGreaterThan(0);
    expect(relaunched.some((pid) => servers.includes(pid))).toBe(false);
  });

  it('loses nothing when the API process restarts while jobs run', async () => {
    // Proved free, below the ephemeral range and in a range no other suite uses: a random port
    // there once met another process's connection ("port … is already in use").
    const [free] = await freePorts(1, { from: 24_000, to: 24_999 });
    const port = String(free);
    const base = `http://127.0.0.1:${port}`;
    const user = await t.createUser({ plan: 'pro' });
    const headers = { ...user.headers, 'content-type': 'application/json' };
    const api = await start('api', { PORT: port });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${base}/jobs/submit`, { method: 'POST', headers, body: JSON.stringify({ tool: LONG, arguments: { duration: 2, steps: 2 } }) });
      expect(r.status).toBe(200);
      ids.push(((await r.json()) as Json).job_id);
    }
    await api.kill();
    await start('api', { PORT: port });
    for (const id of ids) {
      const done = await until(async () => {
        const j = (await (await fetch(`${base}/jobs/${id}`, { headers })).json()) as Json;
        return j.status === 'completed' ? j : undefined;
      }, 60_000, 250);
      expect(done.result).toBeDefined();
    }
    const list = (await (await fetch(`${base}/jobs`, { headers })).json()) as Json;
    expect(list.pagination.total).toBe(3);
  });
});
