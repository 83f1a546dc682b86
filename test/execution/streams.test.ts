import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { LONG, createExecutionApp, sleep, until } from './helpers/setup.ts';
import { jobOf, openStream } from './helpers/stream-client.ts';
import type { OpenStream } from './helpers/stream-client.ts';

// Job streams over real HTTP (inject would wait for the end of a stream): fed by the
// process's one change notifier, capped per user across replicas.
const t = await createExecutionApp();
const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
const open: OpenStream[] = [];
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

async function submit(headers: Record<string, string>, args: Record<string, unknown>): Promise<string> {
  const r = await t.app.inject({ method: 'POST', url: '/jobs/submit', headers, payload: { tool: LONG, arguments: args } });
  expect(r.statusCode).toBe(200);
  return r.json().job_id as string;
}

async function stream(url: string, jobId: string, headers: Record<string, string>) {
  const s = await openStream(url, jobId, headers);
  open.push(s);
  return s;
}

/** Transactions committed in this test file's database so far (every query is one). */
async function commits(): Promise<number> {
  const result = await t.db.execute(sql`select xact_commit::int as n from pg_stat_database where datname = current_database()`);
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as { n: number }[];
  return Number(rows[0]?.n);
}

describe('job streams', () => {
  it('deliver every progress step and the completion promptly, to every stream of the job', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const jobId = await submit(user.headers, { duration: 3, steps: 6 });
    const streams = await Promise.all(Array.from({ length: 5 }, () => stream(base, jobId, user.headers)));
    for (const s of streams) expect(s.status).toBe(200);
    for (const s of streams) await s.waitFor((e) => e.event === 'job' && jobOf(e).status === 'completed', 30_000);
    for (const s of streams) await s.ended;
    for (const s of streams) {
      const percentages = new Set(s.events.filter((e) => e.event === 'job' && jobOf(e).status === 'running').map((e) => jobOf(e).progress?.percentage));
      // One step every 0.5 s: a stream that learnt of changes by a slow poll would see few of them.
      expect(percentages.size).toBeGreaterThanOrEqual(5);
      expect(s.events.at(-1)?.event).toBe('job');
      expect(jobOf(s.events.at(-1)!).status).toBe('completed');
    }
  });

  it('do not read the database per stream while the job is quiet', async () => {
    const user = await t.createUser({ plan: 'pro' });
    // One step of 18 s: no change of the job for seconds after it starts.
    const jobId = await submit(user.headers, { duration: 18, steps: 1 });
    const first = await stream(base, jobId, user.headers);
    await first.waitFor((e) => e.event === 'job' && jobOf(e).status === 'running');
    const streams = await Promise.all(Array.from({ length: 20 }, () => stream(base, jobId, user.headers)));
    for (const s of streams) await s.waitFor((e) => e.event === 'job');
    // An idle backend reports the transactions of the streams' opening up to 10 s later
    // (PostgreSQL's PGSTAT_IDLE_INTERVAL): wait that out, so the window counts only its own.
    await sleep(11_000);
    const before = await commits();
    await sleep(3_000);
    const during = (await commits()) - before;
    // A poll per stream every 100 ms would be ~600 transactions here (21 streams, 3 s); even one
    // read per stream in the whole window would be 21.
    expect(during).toBeLessThan(21);
    for (const s of [first, ...streams]) await s.waitFor((e) => e.event === 'job' && jobOf(e).status === 'completed', 30_000);
  });

  it('cap open streams per user by plan: the 11th of a free user is 429, on any replica; others are unaffected; closing frees a slot', async () => {
    const a = await t.createUser({ plan: 'free' });
    const b = await t.createUser({ plan: 'free' });
    const jobA = await submit(a.headers, { duration: 20, steps: 4 });
    const jobB = await submit(b.headers, { duration: 20, steps: 4 });
    const ten = await Promise.all(Array.from({ length: 10 }, () => stream(base, jobA, a.headers)));
    expect(ten.map((s) => s.status)).toEqual(Array(10).fill(200));

    const eleventh = await stream(base, jobA, a.headers);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toMatchObject({ error: { code: 'RATE_LIMITED', retry_after: expect.any(Number), details: { plan: 'free', limit: 10 } } });

    // A second API replica on the same database counts the same streams.
    const replica = await t.replica();
    try {
      const replicaUrl = await replica.listen({ host: '127.0.0.1', port: 0 });
      expect((await stream(replicaUrl, jobA, a.headers)).status).toBe(429);

      const other = await stream(base, jobB, b.headers);
      expect(other.status).toBe(200);
      await other.waitFor((e) => e.event === 'job');

      ten[0]!.close();
      const again = await until(async () => {
        const s = await stream(replicaUrl, jobA, a.headers);
        return s.status === 200 ? s : undefined;
      }, 10_000, 200);
      await again.waitFor((e) => e.event === 'job');
      again.close();
    } finally {
      for (const s of open) s.close();
      await replica.close();
    }
  });
});
