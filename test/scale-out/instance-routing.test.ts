import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { temporal } from '@temporalio/proto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPlacement } from '../../db/instances/placements.ts';
import { instancePlacements } from '../../db/schema/index.ts';
import { instanceKey } from '../../domain/launch.ts';
import { userFolderName } from '../../mcp/index.ts';
import { addReferenceServers, LONG, until } from '../execution/helpers/setup.ts';
import { elasticsearchUrl, uniqueId } from '../support/services.ts';
import { ensureTemporalCluster, TEMPORAL_CLUSTER_START_MS } from '../support/temporal-cluster.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { kill9, killAll, logTail, replicaEnv, startReplica, stopReplica } from './helpers/replicas.ts';
import type { Replica } from './helpers/replicas.ts';

type Json = Record<string, any>;
const { TimeoutType } = temporal.api.enums.v1;
type User = Awaited<ReturnType<TestApp['createUser']>>;

const FINAL = ['completed', 'failed', 'canceled', 'timeout'];
/** Ceilings for conditions on a loaded 2-core machine: waits, never timed asserts. */
const JOB_MS = 120_000;

// Issue 35 item 3, scale-out part: two worker processes on the real Temporal cluster and
// Postgres, each with a data folder of its own, and the real `memory` reference server run per
// user (sandboxed where bwrap works). A user's calls, jobs and direct runs alike, reach the
// worker holding their warm instance: one cold start, and one graph file that holds every write.
// A second user's instance starts on the other worker; killing the worker holding the first
// user's instance (idle, or mid-call) costs that user one cold start on the other worker, and no job.
// With INSTANCE_ROUTING=false the first test fails (a call lands on the worker without the entity).
describe("a user's calls reach the worker holding their warm instance", { timeout: 600_000 }, () => {
  let t: TestApp;
  const logDir = mkdtempSync(join(tmpdir(), 'sb-routing-'));
  let passed = 0;
  const index = uniqueId('routing');
  const workers: Replica[] = [];
  const dataDirs: string[] = [];
  const queues: string[] = [];
  const killed = new Set<number>();
  let workerEnv: Record<string, string>;

  /** Worker `slot` (a process with a data folder of its own) and the queue it polls of its own. */
  async function startWorker(slot: number): Promise<void> {
    dataDirs[slot] = mkdtempSync(join(tmpdir(), `sb-routing-data-${slot + 1}-`));
    workers[slot] = await startReplica({ name: `worker-${slot + 1}`, kind: 'worker', env: { ...workerEnv, DATA_DIR: dataDirs[slot] as string }, logDir });
    queues[slot] = ownQueue(workers[slot] as Replica);
  }
  let a: User;
  let b: User;

  beforeAll(async () => {
    const cluster = await ensureTemporalCluster();
    const shared = {
      TEMPORAL_ADDRESS: cluster.address,
      TEMPORAL_NAMESPACE: cluster.namespace,
      SEARCH_BACKEND: 'elasticsearch',
      ELASTICSEARCH_URL: elasticsearchUrl(),
      ELASTICSEARCH_INDEX: index,
    };
    // The API in this process (no worker): runs go only to the two worker processes.
    t = await createTestApp({ worker: false, env: shared });
    const env = replicaEnv(t, shared);
    workerEnv = env;
    await Promise.all([startWorker(0), startWorker(1)]);
    await addReferenceServers(t, ['memory', 'everything']);
    a = await t.createUser({ plan: 'pro' });
    b = await t.createUser({ plan: 'pro' });
  }, TEMPORAL_CLUSTER_START_MS + 600_000);

  afterAll(async () => {
    for (const worker of workers) killAll(worker);
    await t?.close();
    await fetch(`${elasticsearchUrl()}/${index}*`, { method: 'DELETE' }).catch(() => undefined);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    if (passed === 5) rmSync(logDir, { recursive: true, force: true });
    else process.stderr.write(`instance routing test: worker logs kept in ${logDir}\n`);
  }, 120_000);

  /** The worker's own task queue, as it says when it starts polling. */
  function ownQueue(worker: Replica): string {
    const line = readFileSync(worker.logFile, 'utf8')
      .split('\n')
      .find((l) => l.includes('worker polling'));
    const queue = line ? (JSON.parse(line) as Json).ownQueue : undefined;
    if (typeof queue !== 'string') throw new Error(`${worker.name} polls no queue of its own:\n${logTail(worker)}`);
    return queue;
  }

  /** Launches (cold starts) of the user's memory instance in a worker's log: the pool logs each session it opens. */
  function coldStarts(worker: Replica, user: User, server = 'memory'): number {
    const key = instanceKey(server, user.user.id);
    return readFileSync(worker.logFile, 'utf8')
      .split('\n')
      .filter((l) => l.includes('mcp session open') && l.includes(`"server":"${key}"`)).length;
  }

  const graphFile = (slot: number, user: User) => join(dataDirs[slot] as string, 'users', userFolderName(user.user.id), 'memory', 'memory.jsonl');

  async function holder(user: User, server = 'memory'): Promise<number> {
    const [row] = await t.db.select().from(instancePlacements).where(eq(instancePlacements.instanceKey, instanceKey(server, user.user.id)));
    return row ? queues.indexOf(row.workerQueue) : -1;
  }

  async function submit(user: User, tool: string, args: Json): Promise<string> {
    const submitted = await t.app.inject({ method: 'POST', url: '/jobs/submit', headers: user.headers, payload: { tool: tool.includes('/') ? tool : `memory/${tool}`, arguments: args } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    return (submitted.json() as Json).job_id as string;
  }

  const jobState = async (user: User, id: string) => (await t.app.inject({ method: 'GET', url: `/jobs/${id}`, headers: user.headers })).json() as Json;

  async function job(user: User, tool: string, args: Json): Promise<Json> {
    const id = await submit(user, tool, args);
    return until(async () => {
      const current = await jobState(user, id);
      return FINAL.includes(current.status) ? { ...current, id } : undefined;
    }, JOB_MS, 200);
  }

  async function direct(user: User, tool: string, params: Json): Promise<Json> {
    const response = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: `memory/${tool}`, params } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Json;
  }

  /** The runJob steps of a job's workflow history: the queue each was scheduled on and how it ended. */
  async function stepsOf(jobId: string): Promise<{ queue: string; outcome: string }[]> {
    const { events } = await t.temporal.client.workflow.getHandle(jobId).fetchHistory();
    const steps = new Map<number, { queue: string; outcome: string }>();
    for (const event of events ?? []) {
      const id = Number(event.eventId);
      const scheduled = event.activityTaskScheduledEventAttributes;
      if (scheduled?.activityType?.name === 'runJob') steps.set(id, { queue: scheduled.taskQueue?.name ?? '', outcome: 'open' });
      const completed = event.activityTaskCompletedEventAttributes;
      const step = (of: unknown) => steps.get(Number(of));
      if (completed && step(completed.scheduledEventId)) (step(completed.scheduledEventId) as { outcome: string }).outcome = 'completed';
      const timedOut = event.activityTaskTimedOutEventAttributes;
      if (timedOut && step(timedOut.scheduledEventId)) {
        const type = timedOut.failure?.timeoutFailureInfo?.timeoutType;
        (step(timedOut.scheduledEventId) as { outcome: string }).outcome = `timed out: ${TimeoutType[type ?? 0]}`;
      }
    }
    return [...steps.values()];
  }

  const textOf = (result: Json) => JSON.stringify(result?.content ?? result);

  it('sends a user\'s jobs and direct runs to the one worker that started their instance', async () => {
    const created = await job(a, 'create_entities', { entities: [{ name: 'routed-a', entityType: 'note', observations: ['call 0'] }] });
    expect(created.status, JSON.stringify(created)).toBe('completed');
    // The worker that took the first call started the instance.
    const home = coldStarts(workers[0] as Replica, a) === 1 ? 0 : 1;
    expect(coldStarts(workers[home] as Replica, a)).toBe(1);
    // Alternate jobs and direct runs: each lands on either worker, and each goes to `home`.
    for (let n = 1; n <= 8; n++) {
      const observation = { observations: [{ entityName: 'routed-a', contents: [`call ${n}`] }] };
      if (n % 2) expect((await job(a, 'add_observations', observation)).status).toBe('completed');
      else expect((await direct(a, 'add_observations', observation)).success).toBe(true);
    }
    const graph = textOf((await direct(a, 'read_graph', {})).data.result);
    for (let n = 0; n <= 8; n++) expect(graph).toContain(`call ${n}`);
    // One instance, one cold start, one graph file: nothing ran on the other worker.
    expect(coldStarts(workers[home] as Replica, a)).toBe(1);
    expect(coldStarts(workers[1 - home] as Replica, a)).toBe(0);
    expect(readFileSync(graphFile(home, a), 'utf8')).toContain('call 8');
    expect(existsSync(graphFile(1 - home, a))).toBe(false);
    expect(await holder(a), 'the record every worker reads names the worker holding it').toBe(home);
    passed++;
  });

  it("starts a second user's instance on the other worker and keeps both warm where they are", async () => {
    const home = coldStarts(workers[0] as Replica, a) === 1 ? 0 : 1;
    const other = 1 - home;
    // Which worker takes a first call is Temporal's choice; the other worker is made the one by
    // the record every worker reads: a worker named there that does not hold the instance starts it.
    await recordPlacement(t.db, instanceKey('memory', b.user.id), queues[other] as string);
    expect((await direct(b, 'create_entities', { entities: [{ name: 'routed-b', entityType: 'note', observations: ['b 0'] }] })).success).toBe(true);
    for (let n = 1; n <= 4; n++) {
      const observation = { observations: [{ entityName: 'routed-b', contents: [`b ${n}`] }] };
      expect((await job(b, 'add_observations', observation)).status).toBe('completed');
      expect((await direct(a, 'add_observations', { observations: [{ entityName: 'routed-a', contents: [`a again ${n}`] }] })).success).toBe(true);
    }
    expect(coldStarts(workers[other] as Replica, b)).toBe(1);
    expect(coldStarts(workers[home] as Replica, b)).toBe(0);
    expect(coldStarts(workers[home] as Replica, a)).toBe(1);
    expect(coldStarts(workers[other] as Replica, a)).toBe(0);
    expect(readFileSync(graphFile(other, b), 'utf8')).toContain('b 4');
    expect(readFileSync(graphFile(home, a), 'utf8')).toContain('a again 4');
    expect(await holder(b)).toBe(other);
    passed++;
  });

  it('costs one cold start on another worker, and no job, when the worker holding the instance is killed', async () => {
    const home = coldStarts(workers[0] as Replica, a) >= 1 ? 0 : 1;
    const other = 1 - home;
    kill9(workers[home] as Replica);
    killed.add(home);
    await workers[home]?.exited;
    // Its record still looks alive (the lease has not run out): the call waits for the pickup
    // timeout, then runs on the live worker from cold.
    const after = await job(a, 'create_entities', { entities: [{ name: 'after-kill', entityType: 'note', observations: ['x'] }] });
    expect(after.status, JSON.stringify(after)).toBe('completed');
    // The run's own history: its step went to the dead worker's queue, was not picked up within
    // the pickup timeout, and ran on the shared queue instead.
    const routedSteps = await stepsOf(after.id as string);
    expect(routedSteps.map((step) => `${step.queue} ${step.outcome}`)).toEqual([
      `${t.taskQueue} completed`,
      `${queues[home]} timed out: TIMEOUT_TYPE_SCHEDULE_TO_START`,
      `${t.taskQueue} completed`,
    ]);
    const graph = textOf((await direct(a, 'read_graph', {})).data.result);
    expect(graph).toContain('after-kill');
    expect((await job(a, 'add_observations', { observations: [{ entityName: 'after-kill', contents: ['warm again'] }] })).status).toBe('completed');
    expect(coldStarts(workers[other] as Replica, a)).toBe(1);
    expect(readFileSync(graphFile(other, a), 'utf8')).toContain('warm again');
    expect(await holder(a)).toBe(other);
    passed++;
  });

  it('drops the records of a worker that stops', async () => {
    // The worker left alive holds both users' instances now.
    const live = killed.has(0) ? 1 : 0;
    const rows = () => t.db.select().from(instancePlacements).where(eq(instancePlacements.workerQueue, queues[live] as string));
    expect((await rows()).map((row) => row.instanceKey).sort()).toEqual([instanceKey('memory', a.user.id), instanceKey('memory', b.user.id)].sort());
    expect(await stopReplica(workers[live] as Replica)).toBe(0);
    expect(await rows()).toEqual([]);
    passed++;
  });

  it('finishes a job whose worker is killed mid-call, from cold on another worker', async () => {
    killAll(workers[0] as Replica);
    killAll(workers[1] as Replica);
    await Promise.all([startWorker(2), startWorker(3)]);
    const c = await t.createUser({ plan: 'pro' });
    // `everything` runs per user in the sandbox too: warm C's instance on one of the two.
    expect((await job(c, 'everything/echo', { message: 'warm' })).status).toBe('completed');
    const home = coldStarts(workers[2] as Replica, c, 'everything') === 1 ? 2 : 3;
    const other = home === 2 ? 3 : 2;
    const id = await submit(c, `everything/${LONG}`, { duration: 6, steps: 6 });
    // Running there (routed or not), with progress: then its worker dies.
    await until(async () => ((await jobState(c, id)).progress?.total_steps ?? 0) > 0 || undefined, JOB_MS, 100);
    expect(coldStarts(workers[other] as Replica, c, 'everything')).toBe(0);
    kill9(workers[home] as Replica);
    const ended = await until(async () => {
      const current = await jobState(c, id);
      return FINAL.includes(current.status) ? current : undefined;
    }, JOB_MS, 250);
    expect(ended.status, JSON.stringify(ended)).toBe('completed');
    expect(coldStarts(workers[other] as Replica, c, 'everything')).toBe(1);
    expect(await holder(c, 'everything')).toBe(other);
    passed++;
  });
});
