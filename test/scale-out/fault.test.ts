import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrySyncScheduleId, serverHealthScheduleId } from '../../contracts/index.ts';
import { events, jobs, rateLimitCounters, toolRuns } from '../../db/schema/index.ts';
import { stableUuid } from '../../domain/stable-id.ts';
import { addServerEverything, LONG, until } from '../execution/helpers/setup.ts';
import { freePorts } from '../support/processes.ts';
import { elasticsearchUrl, uniqueId } from '../support/services.ts';
import { ensureTemporalCluster, TEMPORAL_CLUSTER_START_MS } from '../support/temporal-cluster.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { followJob } from './helpers/follow-job.ts';
import type { Followed } from './helpers/follow-job.ts';
import { kill9, killAll, logTail, replicaEnv, snapshotChildren, startReplica, stopReplica, survivingChildren } from './helpers/replicas.ts';
import type { Replica } from './helpers/replicas.ts';
import { startSignedReceiver } from './helpers/signed-receiver.ts';

type Json = Record<string, any>;

const FINAL = ['completed', 'failed', 'canceled', 'timeout'];
const SUBSCRIBED = ['job.queued', 'job.started', 'job.completed', 'job.failed', 'tool.executed'];
/** The rate-limited user's plan allowance for retrieval, per day (RATE_LIMITS below). */
const RETRIEVAL_PER_DAY = 6;
/** Generous ceilings for conditions on a loaded 2-core machine: waits, never timed asserts. */
const DRAIN_MS = 240_000;
/**
 * A fresh machine builds the Temporal server once (go install into .cache/bin): about 3 min on
 * 2 idle cores, 20 min measured on this 2-core machine at load average 9-14. Only that first
 * run pays it; the ceiling covers it, then four replicas' boots.
 */
const SETUP_MS = TEMPORAL_CLUSTER_START_MS + 40 * 60_000;

interface Accepted {
  id: string;
  /** The replica that answered 200 to the submit. */
  via: string;
  tool: string;
  note?: string;
}

// Issue 14 item 2: the scale-out shape under faults. Two `api` and two `worker` processes
// (separate OS processes) on the real Temporal cluster, Postgres and Elasticsearch, under a
// steady load of jobs, direct runs, retrievals and webhook events spread over both APIs; one
// worker and one API are killed with SIGKILL mid-load and started again. Then: every accepted
// job has exactly one final state, each tool call at most once per attempt, every event
// delivered (signed, same id and body on retries), streams on one API follow jobs submitted on
// the other, the rate limit holds across replicas, and nothing is left running.
describe('the scale-out shape under faults', { timeout: 900_000 }, () => {
  let t: TestApp;
  let env: Record<string, string>;
  // Kept when the test fails (the replicas' logs name what went wrong), removed when it passes.
  const logDir = mkdtempSync(join(tmpdir(), 'sb-scale-fault-'));
  let passed = false;
  const callsFile = join(logDir, 'calls.txt');
  const index = uniqueId('scale-fault');
  const every: Replica[] = [];
  const apis: Replica[] = [];
  const workers: Replica[] = [];
  let receiver: Awaited<ReturnType<typeof startSignedReceiver>>;
  let load: Awaited<ReturnType<TestApp['createUser']>>;
  let limited: Awaited<ReturnType<TestApp['createUser']>>;
  let apiPorts: number[];

  const start = async (kind: 'api' | 'worker', slot: number) => {
    const replica = await startReplica({ name: `${kind}-${slot + 1}`, kind, env, logDir, ...(kind === 'api' ? { port: apiPorts[slot] } : {}) });
    every.push(replica);
    (kind === 'api' ? apis : workers)[slot] = replica;
    return replica;
  };

  beforeAll(async () => {
    const cluster = await ensureTemporalCluster();
    const ports = await freePorts(3, { from: 29850, to: 29899 });
    apiPorts = ports.slice(0, 2);
    receiver = await startSignedReceiver({ port: ports[2] as number, refuseEvery: 3 });
    const shared = {
      TEMPORAL_ADDRESS: cluster.address,
      TEMPORAL_NAMESPACE: cluster.namespace,
      SEARCH_BACKEND: 'elasticsearch',
      ELASTICSEARCH_URL: elasticsearchUrl(),
      ELASTICSEARCH_INDEX: index,
      // The receiver listens on loopback, which only an explicit setting allows.
      ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
      RATE_LIMITS: JSON.stringify({ free: { retrieval: { day: RETRIEVAL_PER_DAY } } }),
    };
    // The test's own view of the shape (no worker): registers server-everything, creates users
    // and reads the database; the load goes only to the replicas.
    t = await createTestApp({ worker: false, env: shared });
    env = replicaEnv(t, shared);
    // Workers first: the APIs' first boot schedules the registry sync, which workers run.
    await Promise.all([start('worker', 0), start('worker', 1)]);
    await Promise.all([start('api', 0), start('api', 1)]);
    await addServerEverything(t);

    load = await t.createUser({ plan: 'enterprise', role: 'admin' });
    limited = await t.createUser({ plan: 'free' });
    // A real stdio MCP server that appends one line per call to a file: the tool's own count of
    // its calls, whichever worker made them (test/execution/helpers/counting-server.ts).
    const counting = await t.app.inject({
      method: 'POST',
      url: '/custom-packs/mcp-servers',
      headers: load.headers,
      payload: {
        name: 'counting',
        display_name: 'Counting',
        description: 'counts its calls',
        config: { command: process.execPath, args: ['--import', 'tsx', resolve('test/execution/helpers/counting-server.ts'), callsFile] },
      },
    });
    if (counting.statusCode !== 201) throw new Error(`counting server not created: ${counting.statusCode} ${counting.body}`);
    const hook = await fetch(`${apis[0]!.base}/webhooks`, {
      method: 'POST',
      headers: { ...load.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: SUBSCRIBED, description: 'fault test' }),
    });
    if (hook.status !== 201) throw new Error(`webhook not created: ${hook.status} ${await hook.text()}`);
    receiver.setSecret(((await hook.json()) as Json).secret as string);
  }, SETUP_MS);

  afterAll(async () => {
    for (const replica of every) killAll(replica);
    await receiver?.close();
    if (t) {
      // The Schedules of this task queue would start runs on a queue nobody polls any more.
      for (const id of [registrySyncScheduleId(t.taskQueue), serverHealthScheduleId(t.taskQueue)]) {
        await t.temporal.client.schedule
          .getHandle(id)
          .delete()
          .catch(() => undefined);
      }
      await terminateOpenRuns(t, 'fault test cleanup').catch(() => undefined);
      await t.close();
    }
    await fetch(`${elasticsearchUrl()}/${index}*`, { method: 'DELETE' }).catch(() => undefined);
    if (passed) rmSync(logDir, { recursive: true, force: true });
    else process.stderr.write(`fault test: replica logs kept in ${logDir}\n`);
  }, 120_000);

  it('loses nothing when a worker and an API are killed under load', async () => {
    const accepted: Accepted[] = [];
    const followers: Promise<Followed>[] = [];
    const problems: string[] = [];
    const counts: Record<string, number> = {};
    const count = (what: string) => (counts[what] = (counts[what] ?? 0) + 1);
    const json = { ...load.headers, 'content-type': 'application/json' };
    let seq = 0;
    let victimJob: string | undefined;

    /** One request of the steady load, on the API whose turn it is; a dead replica's refusal is counted, not accepted. */
    const tick = async () => {
      const n = seq++;
      // Each kind of request alternates between the APIs from one round of six to the next.
      const turn = (n + Math.floor(n / 6)) % 2;
      const api = apis[turn] as Replica;
      const other = apis[1 - turn] as Replica;
      const kind = (['long', 'direct', 'echo', 'retrieve', 'counting', 'direct'] as const)[n % 6];
      try {
        if (kind === 'direct') {
          const r = await fetch(`${api.base}/v1/execute_tool`, { method: 'POST', headers: json, body: JSON.stringify({ tool_name: 'everything/get-sum', params: { a: n, b: 1 } }) });
          const body = (await r.json()) as Json;
          if (r.status === 200) {
            if (body.data?.result?.content?.[0]?.text !== `The sum of ${n} and 1 is ${n + 1}.`) problems.push(`direct run ${n} on ${api.name}: wrong answer ${JSON.stringify(body)}`);
            count('direct ok');
          } else {
            // A run cut off by the killed worker may fail, but only with an error of the spec's form.
            if (typeof body.error?.code !== 'string') problems.push(`direct run ${n} on ${api.name}: ${r.status} without an error code: ${JSON.stringify(body)}`);
            count(`direct ${r.status} ${body.error?.code}`);
          }
          return;
        }
        if (kind === 'retrieve') {
          const r = await fetch(`${api.base}/v2/retrieve_tools?query=${encodeURIComponent('add two numbers')}&top_k=3`, { headers: load.headers });
          const body = (await r.json()) as Json;
          if (r.status !== 200 || !Array.isArray(body.tools)) problems.push(`retrieval ${n} on ${api.name}: ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
          count(`retrieve ${r.status}`);
          return;
        }
        const note = `n${n}`;
        const submit =
          kind === 'long'
            ? { tool: `everything/${LONG}`, arguments: { duration: 4, steps: 4 } }
            : kind === 'echo'
              ? { tool: 'everything/echo', arguments: { message: note } }
              : { tool: 'counting/append_note', arguments: { note } };
        const r = await fetch(`${api.base}/jobs/submit`, { method: 'POST', headers: json, body: JSON.stringify(submit) });
        const body = (await r.json()) as Json;
        count(`submit ${r.status}`);
        if (r.status !== 200) {
          problems.push(`submit ${n} on ${api.name}: ${r.status} ${JSON.stringify(body)}`);
          return;
        }
        accepted.push({ id: body.job_id, via: api.name, tool: submit.tool, ...(kind === 'counting' ? { note } : {}) });
        // Every other job is followed live from the other API (falling back to this one if that dies).
        if (accepted.length % 2 === 0) followers.push(followJob([other.base as string, api.base as string], body.job_id, load.headers, DRAIN_MS));
      } catch (error) {
        // Connection refused or cut: the replica is down (or was killed with this request in it).
        count(`${kind} unreachable`);
        void error;
      }
    };

    const inflight = new Set<Promise<void>>();
    const timer = setInterval(() => {
      const p = tick();
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
    }, 200);
    const acceptedVia = (name: string) => accepted.filter((a) => a.via === name).length;
    /** Waits for a condition of the load; a failure says where the load stood. */
    const loadReaches = (what: string, check: () => Promise<boolean>) =>
      until(check, 120_000, 200).catch(() => {
        const where = { accepted: { 'api-1': acceptedVia('api-1'), 'api-2': acceptedVia('api-2') }, counts, problems: problems.slice(0, 5) };
        throw new Error(`load never reached: ${what}; ${JSON.stringify(where)}\n${every.map((r) => `${r.name}:\n${logTail(r, 5)}`).join('\n')}`);
      });
    try {
      // Steady state on both APIs.
      await loadReaches('10 accepted jobs', async () => accepted.length >= 10);

      // Rate limits across replicas: one user's burst, split over both APIs at once.
      const burst = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          fetch(`${apis[i % 2]!.base}/v2/retrieve_tools?query=sum`, { headers: limited.headers }).then(async (r) => ({
            status: r.status,
            remaining: r.headers.get('x-ratelimit-remaining'),
            body: await r.text(),
          })),
        ),
      );
      expect(burst.map((b) => b.status).sort(), JSON.stringify(burst)).toEqual([...Array(RETRIEVAL_PER_DAY).fill(200), ...Array(10 - RETRIEVAL_PER_DAY).fill(429)]);
      // Each request counted once, whichever replica took it: the remaining allowances are all distinct.
      const remaining = burst.filter((b) => b.status === 200).map((b) => Number(b.remaining));
      expect(remaining.sort()).toEqual(Array.from({ length: RETRIEVAL_PER_DAY }, (_, i) => i));
      const [counter] = await t.db
        .select({ count: rateLimitCounters.count })
        .from(rateLimitCounters)
        .where(eq(rateLimitCounters.key, `retrieval:day:user:${limited.user.id}`));
      expect(counter?.count).toBe(10);

      // A worker with a long job's call in flight: that worker is the one killed, at once, so the
      // kill lands before the call can end (Temporal names the worker of a pending activity, `<pid>@<host>`).
      let victim: { slot: number; jobId: string } | undefined;
      await loadReaches('a long job mid-call on a worker', async () => {
        victim = await busyWorker(t, workers);
        return victim !== undefined;
      });
      // The faults: SIGKILL of one worker and one API, mid-load.
      const killedWorker = workers[victim!.slot] as Replica;
      const killedApi = apis[0] as Replica;
      victimJob = victim!.jobId;
      kill9(killedWorker);
      kill9(killedApi);
      await Promise.all([killedWorker.exited, killedApi.exited]);
      const beforeRestart = acceptedVia('api-2');
      // The load goes on against the survivors for a while.
      await loadReaches('5 jobs accepted by api-2 after the kill', async () => acceptedVia('api-2') >= beforeRestart + 5);
      await Promise.all([start('worker', victim!.slot), start('api', 0)]);
      // ... and reaches the restarted API again.
      const restartedFrom = acceptedVia('api-1');
      await loadReaches('5 jobs accepted by the restarted api-1', async () => acceptedVia('api-1') >= restartedFrom + 5);
      // The killed processes' children (MCP servers) do not outlive them.
      for (const killed of [killedWorker, killedApi]) {
        await until(async () => survivingChildren(killed).length === 0, 30_000, 250).catch(() => {
          throw new Error(`children of the killed ${killed.name} still run: ${survivingChildren(killed).join('; ')}`);
        });
      }
    } finally {
      clearInterval(timer);
      await Promise.all(inflight);
    }
    expect(problems).toEqual([]);

    // Every accepted job reaches a final state (named when it does not).
    const ids = accepted.map((a) => a.id);
    const finalRows = async () => t.db.select().from(jobs).where(inArray(jobs.id, ids));
    await until(async () => (await finalRows()).every((j) => FINAL.includes(j.status)), DRAIN_MS, 500).catch(async () => {
      const stuck = (await finalRows()).filter((j) => !FINAL.includes(j.status)).map((j) => `${j.id} (${j.tool}, ${j.status})`);
      throw new Error(`jobs not final after ${DRAIN_MS} ms: ${stuck.join(', ')}`);
    });
    const rows = new Map((await finalRows()).map((j) => [j.id, j]));
    expect(ids.filter((id) => !rows.has(id)), 'accepted jobs without a row').toEqual([]);

    // recordJob writes the final state a moment before its final event and the workflow's close:
    // read those once every workflow has closed.
    const closed = new Map<string, string>();
    for (const a of accepted) {
      const handle = t.temporal.client.workflow.getHandle(a.id);
      const description = await until(async () => {
        const d = await handle.describe();
        return d.status.name !== 'RUNNING' ? d : undefined;
      }, DRAIN_MS, 250).catch(() => {
        throw new Error(`job ${a.id} (${a.tool}, via ${a.via}): ${rows.get(a.id)?.status} in the projection, but its workflow still runs after ${DRAIN_MS} ms`);
      });
      closed.set(a.id, description.status.name);
    }
    const finalEvents = await t.db.select().from(events).where(and(eq(events.userId, load.user.id), inArray(events.kind, ['job.completed', 'job.failed', 'job.canceled'])));
    const runs = await t.db.select().from(toolRuns).where(inArray(toolRuns.executionId, ids));
    const calls = existsSync(callsFile) ? readFileSync(callsFile, 'utf8').split('\n') : [];
    let retried = 0;
    for (const a of accepted) {
      const job = rows.get(a.id)!;
      const name = `job ${a.id} (${a.tool}, via ${a.via})`;
      // Completed, or failed with a reason; never canceled or timed out under this load.
      expect(['completed', 'failed'], `${name}: ${job.status}`).toContain(job.status);
      if (job.status === 'failed') expect(job.error?.message, `${name} failed without a reason`).toEqual(expect.any(String));
      // Exactly one final state: one final event, one run in the history, a closed workflow that agrees.
      expect(finalEvents.filter((e) => (e.data as Json).job_id === a.id).map((e) => e.kind), name).toEqual([`job.${job.status}`]);
      expect(runs.filter((r) => r.executionId === a.id), `${name}: tool_runs rows`).toHaveLength(1);
      const handle = t.temporal.client.workflow.getHandle(a.id);
      expect(closed.get(a.id), name).toBe(job.status === 'completed' ? 'COMPLETED' : 'FAILED');
      // At most one call per attempt: the attempts of runJob as Temporal recorded them.
      const history = (await handle.fetchHistory()).events ?? [];
      const scheduled = new Map(
        history.flatMap((e) => (e.activityTaskScheduledEventAttributes ? [[String(e.eventId), e.activityTaskScheduledEventAttributes.activityType?.name]] : [])),
      );
      const attempts = history
        .filter((e) => e.activityTaskStartedEventAttributes && scheduled.get(String(e.activityTaskStartedEventAttributes.scheduledEventId)) === 'runJob')
        .reduce((sum, e) => sum + Number(e.activityTaskStartedEventAttributes!.attempt ?? 1), 0);
      if (attempts > 1) retried += 1;
      // The job whose call was in flight on the killed worker ran its call again on another.
      if (a.id === victimJob) expect(attempts, `${name}: its worker was killed mid-call, yet runJob ran ${attempts} attempt(s)`).toBeGreaterThanOrEqual(2);
      if (a.note) {
        const made = calls.filter((line) => line === `append_note ${a.note}`).length;
        expect(made, `${name}: ${made} calls of the tool in ${attempts} attempts`).toBeLessThanOrEqual(Math.max(attempts, 1));
        if (job.status === 'completed') expect(made, `${name} completed without a call`).toBeGreaterThanOrEqual(1);
      }
    }

    // Every event of the subscribed kinds is delivered: signed, one body per id (retries allowed only as the same id).
    const expected = await t.db.select().from(events).where(and(eq(events.userId, load.user.id), inArray(events.kind, SUBSCRIBED)));
    for (const a of accepted) {
      const eventIds = new Set(expected.map((e) => e.id));
      expect(eventIds.has(stableUuid(a.id, 'job.queued')), `job ${a.id}: no job.queued event`).toBe(true);
    }
    await until(async () => expected.every((e) => receiver.accepted().has(e.id)), DRAIN_MS, 500).catch(() => {
      const missing = expected.filter((e) => !receiver.accepted().has(e.id)).map((e) => `${e.id} (${e.kind} ${(e.data as Json).job_id ?? (e.data as Json).execution_id})`);
      throw new Error(`events not delivered after ${DRAIN_MS} ms: ${missing.join(', ')}`);
    });
    const byId = new Map<string, typeof receiver.deliveries>();
    for (const d of receiver.deliveries) byId.set(d.id, [...(byId.get(d.id) ?? []), d]);
    for (const [id, deliveries] of byId) {
      expect(deliveries.every((d) => d.signed), `event ${id}: a delivery with a bad signature`).toBe(true);
      expect(new Set(deliveries.map((d) => d.body)).size, `event ${id}: different bodies under one id`).toBe(1);
    }
    expect([...byId.keys()].filter((id) => !expected.some((e) => e.id === id)), 'deliveries of unknown events').toEqual([]);
    expect(receiver.deliveries.some((d) => d.status === 500), 'the receiver refused some first attempts').toBe(true);

    // Streams opened on one API followed jobs submitted on the other to their final event.
    const followed = await Promise.all(followers);
    expect(followed.length).toBeGreaterThan(5);
    for (const f of followed) {
      const job = rows.get(f.jobId)!;
      expect(f.error, `stream of job ${f.jobId}: ${f.error}`).toBeUndefined();
      expect(f.final, `stream of job ${f.jobId}`).toBe(job.status);
      const versions = f.events.map((e) => e.id);
      expect(versions, `stream of job ${f.jobId}: event ids not increasing`).toEqual([...new Set(versions)].sort((x, y) => x - y));
    }

    // Nothing left running: no open run of this task queue once the Schedules are gone (but the
    // first boot's catalog sync, which indexes ~8,000 tools for minutes and is no part of the
    // load: docs/decisions.md, "The fault test"), and every replica stops gracefully with its children.
    for (const id of [registrySyncScheduleId(t.taskQueue), serverHealthScheduleId(t.taskQueue)]) await t.temporal.client.schedule.getHandle(id).delete();
    await until(async () => (await openRuns(t)).length === 0, DRAIN_MS, 1_000).catch(async () => {
      throw new Error(`runs still open on ${t.taskQueue}: ${(await openRuns(t)).join(', ')}`);
    });
    for (const replica of [...apis, ...workers]) snapshotChildren(replica);
    const exits = await Promise.all([...apis, ...workers].map(async (r) => [r.name, await stopReplica(r)] as const));
    expect(exits, [...apis, ...workers].map((r) => `${r.name}:\n${logTail(r, 10)}`).join('\n')).toEqual([...apis, ...workers].map((r) => [r.name, 0]));
    for (const replica of every) {
      await until(async () => survivingChildren(replica).length === 0, 30_000, 250).catch(() => {
        throw new Error(`children of ${replica.name} still run: ${survivingChildren(replica).join('; ')}`);
      });
    }
    // A submit cut off by the API's kill got no answer, so its job was never accepted; if the kill
    // fell between the row's insert and the workflow's start, the row stays queued with no run
    // behind it. Reported, not asserted: a known gap (docs/decisions.md, "The fault test").
    const unanswered = (await t.db.select().from(jobs).where(eq(jobs.userId, load.user.id))).filter((j) => !ids.includes(j.id)).map((j) => `${j.id} (${j.status})`);
    // What the run did, for the report and for a reader of a failure.
    const summary = {
      accepted: accepted.length,
      retried_jobs: retried,
      followed: followed.length,
      deliveries: receiver.deliveries.length,
      events: expected.length,
      unanswered,
      counts,
    };
    process.stderr.write(`fault test: ${JSON.stringify(summary)}\n`);
    passed = true;
  });
});

/**
 * A worker replica running a long job's call right now (its runJob pending on that worker, the
 * job not past half way, so the kill lands mid-call), and the job; undefined when none is.
 */
async function busyWorker(t: TestApp, workers: Replica[]): Promise<{ slot: number; jobId: string } | undefined> {
  const running = await t.db.select().from(jobs).where(and(eq(jobs.status, 'running'), eq(jobs.tool, LONG)));
  for (const job of running) {
    if ((job.progress?.percentage ?? 0) >= 50) continue;
    const { raw } = await t.temporal.client.workflow.getHandle(job.id).describe();
    for (const activity of raw.pendingActivities ?? []) {
      if (activity.activityType?.name !== 'runJob') continue;
      const slot = workers.findIndex((w) => activity.lastWorkerIdentity?.startsWith(`${w.pid}@`));
      if (slot >= 0) return { slot, jobId: job.id };
    }
  }
  return undefined;
}

/** The first boot's registry sync and the re-index it starts: background catalog work, not the load's. */
const CATALOG_SYNC = ['registrySyncWorkflow', 'registryReindexWorkflow'];

/** Workflow ids of the load's runs of the test's task queue that are still open. */
async function openRuns(t: TestApp): Promise<string[]> {
  const open: string[] = [];
  const others = CATALOG_SYNC.map((type) => `WorkflowType != '${type}'`).join(' AND ');
  for await (const run of t.temporal.client.workflow.list({ query: `TaskQueue = '${t.taskQueue}' AND ExecutionStatus = 'Running' AND ${others}` })) {
    open.push(`${run.workflowId} (${run.type})`);
  }
  return open;
}

/** Cleanup only: ends what a failed run left open, so the shared cluster carries nothing of this test. */
async function terminateOpenRuns(t: TestApp, reason: string): Promise<void> {
  for await (const run of t.temporal.client.workflow.list({ query: `TaskQueue = '${t.taskQueue}' AND ExecutionStatus = 'Running'` })) {
    await t.temporal.client.workflow
      .getHandle(run.workflowId)
      .terminate(reason)
      .catch(() => undefined);
  }
}
