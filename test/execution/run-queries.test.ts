import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiKey, findKeyWithUser } from '../../db/api-keys.ts';
import { claimSlot, jobsAwaitingSlot } from '../../db/jobs/job-slots.ts';
import { insertJob, queuedJobWrite, queuePosition } from '../../db/jobs/jobs.ts';
import { typicalDurationMs } from '../../db/jobs/tool-runs.ts';
import { rawRows } from '../../db/jobs/raw-rows.ts';
import { findServerLaunch, findToolTargets } from '../../db/jobs/tool-target.ts';
import { upsertSyncedEntries } from '../../db/registry/sync.ts';
import { jobs, userServers } from '../../db/schema/index.ts';
import type { JobRow } from '../../db/schema/index.ts';
import { createUser } from '../../db/users.ts';
import { apiKeyPrefix } from '../../domain/api-key-format.ts';
import { createEventPublisher } from '../../platform/event-publisher.ts';
import { eachDriver } from '../support/database.ts';
import { syncedServer } from '../support/registry-entries.ts';

// The queries every run makes (key lookup, tool resolution, launch read: prepared statements)
// and a job's claim, wake-up and queue position (statements sent together, job.started in the claim's commit),
// on both drivers: Postgres (production) and PGlite (npm start). Each is called twice, so a
// prepared statement is used again, not only built.

const server = (name: string) => syncedServer(name);

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.each(eachDriver(cleanups))('a run\'s queries (%s)', (_driver, open) => {
  it('find the key, the tool and its launch, claim slots and name the jobs to wake', async () => {
    const handle = await open();
    await handle.migrate();
    const db = handle.db;
    await upsertSyncedEntries(db, [server('rq-a'), server('rq-b')]);
    const owner = await createUser(db, { email: 'owner@example.test' });
    const other = await createUser(db, { email: 'other@example.test' });
    await db.insert(userServers).values({ userId: owner.id, serverName: 'rq-a', enabled: false });

    const { key } = await createApiKey(db, owner.id);
    for (let i = 0; i < 2; i++) {
      const found = await findKeyWithUser(db, apiKeyPrefix(key) as string);
      expect(found?.user.id).toBe(owner.id);
      expect(found?.key.userId).toBe(owner.id);
      expect(await findKeyWithUser(db, 'sb_nope')).toBeUndefined();

      const mine = await findToolTargets(db, 'ping', undefined, owner.id);
      expect(mine.map((t) => [t.server, t.enabledForUser])).toEqual([['rq-a', false], ['rq-b', null]]);
      const theirs = await findToolTargets(db, 'ping', undefined, other.id);
      expect(theirs.map((t) => [t.server, t.enabledForUser])).toEqual([['rq-a', null], ['rq-b', null]]);
      expect((await findToolTargets(db, 'ping', undefined, null)).map((t) => t.enabledForUser)).toEqual([null, null]);
      const onB = await findToolTargets(db, 'ping', 'rq-b', owner.id);
      expect(onB).toEqual([
        { server: 'rq-b', tool: 'ping', inputSchema: { type: 'object' }, launch: { command: 'true', args: ['rq-b'] }, authentication: null, serverStatus: expect.any(String), ownerUserId: null, enabledForUser: null },
      ]);
      expect(await findToolTargets(db, 'nope', undefined, owner.id)).toEqual([]);

      expect(await findServerLaunch(db, 'rq-a')).toEqual({ command: 'true', args: ['rq-a'] });
      expect(await findServerLaunch(db, 'rq-none')).toBeNull();
    }

    // Free plan: one slot. The first job claims it and its job.started commits with the claim.
    const job = () => insertJob(db, { id: randomUUID(), userId: owner.id, tool: 'ping', server: 'rq-a', arguments: {}, timeLimitMs: 1000, estimatedDurationMs: 7 });
    const [first, second] = [await job(), await job()];
    const limit = () => 1;
    const events = createEventPublisher(db);
    const started = (id: string) => ({ id: randomUUID(), kind: 'job.started' as const, userId: owner.id, data: { job_id: id } });
    const claim = await claimSlot(db, first.id, limit, (tx, write, row) =>
      events.stage(tx, [{ ...started(row.id), data: { job_id: row.id, started_at: row.startedAt?.toISOString() } }], { alongside: [write] }),
    );
    expect(claim.state).toBe('claimed');
    if (claim.state !== 'claimed') return;
    const [row] = await db.select().from(jobs).where(eq(jobs.id, first.id));
    expect(claim.job).toEqual(row);
    expect(claim.announced?.stored.map((e) => e.data)).toEqual([{ job_id: first.id, started_at: row?.startedAt?.toISOString() }]);
    // Claimed again (a retried activity): no second write.
    const again = await claimSlot(db, first.id, limit, async () => 'written again');
    expect(again).toEqual({ state: 'claimed', job: row });

    // A claim that fails writes nothing: the announcement's failure takes the claim back.
    await expect(claimSlot(db, second.id, () => 2, async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect((await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, second.id)))[0]?.status).toBe('queued');

    expect(await claimSlot(db, second.id, limit, async (tx) => tx.execute(sql`select 1`))).toEqual({ state: 'waiting' });
    for (let i = 0; i < 2; i++) expect(await jobsAwaitingSlot(db, owner.id, limit)).toEqual([second.id]);
    expect(await jobsAwaitingSlot(db, other.id, limit)).toEqual([]);
    expect(await jobsAwaitingSlot(db, randomUUID(), limit)).toEqual([]);
    expect(await claimSlot(db, randomUUID(), limit)).toEqual({ state: 'gone', status: 'missing' });
    const third = await job();
    for (let i = 0; i < 2; i++) {
      expect(await queuePosition(db, second)).toBe(1);
      expect(await queuePosition(db, third)).toBe(2);
    }
    expect(await queuePosition(db, row as JobRow)).toBeUndefined();
    // A submit's insert goes with its job.queued event, in one statement that reads the row's
    // time, estimate and place (behind second and third, not counting itself).
    const id = randomUUID();
    const write = queuedJobWrite(db, { id, userId: owner.id, tool: 'ping', server: 'rq-a', arguments: { b: 2, a: [1] }, timeLimitMs: 1000, estimate: typicalDurationMs('rq-a', 'ping', 7) });
    const staged = await events.stage(db, [{ id: randomUUID(), kind: 'job.queued', userId: owner.id, data: { job_id: id }, nowAs: 'created_at' }], { alongside: [write.insert], extra: write.facts });
    const fourth = write.read(staged.extra);
    const [written] = await db.select().from(jobs).where(eq(jobs.id, id));
    expect(fourth.job).toEqual(written);
    expect(fourth.job.estimatedDurationMs).toBe(7);
    expect(fourth.position).toBe(3);
    expect(await queuePosition(db, fourth.job)).toBe(3);
    expect(staged.stored.map((e) => e.data)).toEqual([{ job_id: id, created_at: Math.floor((written?.createdAt.getTime() ?? 0) / 1000) }]);
    const startedEvents = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from events where kind = 'job.started'`);
    expect(startedEvents[0]?.n).toBe(1);
  });
});

describe('a claim that waits for the user\'s slot lock (Postgres)', () => {
  it('counts the jobs that became running while it waited', async () => {
    const [[, open]] = eachDriver(cleanups);
    const handle = await open();
    await handle.migrate();
    const db = handle.db;
    await upsertSyncedEntries(db, [server('rq-lock')]);
    const owner = await createUser(db, { email: 'lock@example.test' });
    const job = () => insertJob(db, { id: randomUUID(), userId: owner.id, tool: 'ping', server: 'rq-lock', arguments: {}, timeLimitMs: 1000, estimatedDurationMs: 7 });
    // Created first, so the claimed job has nothing queued ahead of it.
    const other = await job();
    const queued = await job();
    await db.update(jobs).set({ status: 'completed' }).where(eq(jobs.id, other.id));

    // Another process (an operator's reset, an agent run's claim) holds the user's slot lock
    // and takes the free plan's one slot before it lets go.
    let claim: ReturnType<typeof claimSlot> | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${owner.id}::text))`);
      claim = claimSlot(db, queued.id, () => 1);
      await until(async () => (await rawRows<{ n: number }>(db, waitingForLock))[0]?.n === 1);
      await tx.update(jobs).set({ status: 'running' }).where(eq(jobs.id, other.id));
    });
    expect(await claim).toEqual({ state: 'waiting' });
    expect((await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, queued.id)))[0]?.status).toBe('queued');
  });
});

describe('a wake-up that waits for the user\'s slot lock (Postgres)', () => {
  it('names the job that a claim holding the lock told to wait', async () => {
    const [[, open]] = eachDriver(cleanups);
    const handle = await open();
    await handle.migrate();
    const db = handle.db;
    await upsertSyncedEntries(db, [server('rq-wake')]);
    const owner = await createUser(db, { email: 'wake@example.test' });
    const queued = await insertJob(db, { id: randomUUID(), userId: owner.id, tool: 'ping', server: 'rq-wake', arguments: {}, timeLimitMs: 1000, estimatedDurationMs: 7 });

    // A claim holds the user's lock and tells the job to wait, committing as the wake-up waits.
    let woken: ReturnType<typeof jobsAwaitingSlot> | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${owner.id}::text))`);
      woken = jobsAwaitingSlot(db, owner.id, () => 1);
      await until(async () => (await rawRows<{ n: number }>(db, waitingForLock))[0]?.n === 1);
      await tx.update(jobs).set({ awaitingSlotSince: new Date() }).where(eq(jobs.id, queued.id));
    });
    expect(await woken).toEqual([queued.id]);
  });
});

/** Advisory locks waited for in this test's database (pg_locks is the whole server's; other files run beside it). */
const waitingForLock = sql`select count(*)::int as n from pg_locks
  where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`;

async function until(done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('never waited for the lock');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
