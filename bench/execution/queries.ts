// The database work of a run in isolation (bench/results/2026-11-24-execution-overhead-per-run.md,
// "Overhead per run, part 4"), on a
// fresh database of the test Postgres server, one connection:
//  - the API key lookup and the tool resolution as drizzle builds them at every call and as
//    the prepared statements of db/ run them, and `select 1`, interleaved; CPU of this process
//    per call and wall p50;
//  - a job's claim with its job.started event, then its wake-up read, as runJob makes them.
// Runs against the db/ of the tree it is run from; the claim part also runs on a tree from
// before the claim stored its event (it then publishes after the claim, as runJob did), so a
// worktree of an older commit gives the "before" figures.
// Usage: npx tsx bench/execution/queries.ts [--n 2000] [--jobs 300]
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client.ts';
import type { Database } from '../../db/client.ts';
import { createApiKey, findKeyWithUser } from '../../db/api-keys.ts';
import * as jobSlots from '../../db/jobs/job-slots.ts';
import * as jobQueries from '../../db/jobs/jobs.ts';
import { findToolTargets } from '../../db/jobs/tool-target.ts';
import { apiKeys, mcpServers, tools, users, userServers } from '../../db/schema/index.ts';
import { createUser } from '../../db/users.ts';
import { apiKeyPrefix } from '../../domain/api-key-format.ts';
import { createEventPublisher } from '../../platform/event-publisher.ts';
import { createTestDatabase } from '../../test/support/database.ts';
import { flags, out } from './harness.ts';

const args = flags(process.argv.slice(2));
const n = Number(args.n ?? 2000);
const jobCount = Number(args.jobs ?? 300);
const WARMUP = 30;

const database = await createTestDatabase();
const handle = openDatabase({ url: database.url, dataDir: '/tmp', maxConnections: 1 });
const p50 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)] ?? NaN;
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

try {
  await handle.migrate();
  const db = handle.db;
  const user = await createUser(db, { email: `bench-${randomUUID()}@example.test` });
  const prefix = apiKeyPrefix((await createApiKey(db, user.id)).key) as string;
  out(`load average before ${load()}`);

  // As drizzle built them before they were prepared (same text, unnamed, built at each call).
  const variants: Record<string, () => Promise<unknown>> = {
    'key lookup, built': async () => db.select({ key: apiKeys, user: users }).from(apiKeys).innerJoin(users, eq(users.id, apiKeys.userId)).where(eq(apiKeys.prefix, prefix)).limit(1),
    'key lookup, db/': () => findKeyWithUser(db, prefix),
    'tool resolution, built': async () =>
      db
        .select({
          server: tools.serverName,
          tool: tools.name,
          inputSchema: tools.inputSchema,
          launch: mcpServers.launch,
          serverStatus: mcpServers.status,
          ownerUserId: mcpServers.ownerUserId,
          enabledForUser: userServers.enabled,
        })
        .from(tools)
        .innerJoin(mcpServers, eq(mcpServers.name, tools.serverName))
        .leftJoin(userServers, and(eq(userServers.serverName, mcpServers.name), eq(userServers.userId, user.id)))
        .where(eq(tools.name, 'echo'))
        .orderBy(tools.serverName),
    'tool resolution, db/': () => findToolTargets(db, 'echo', undefined, user.id),
    'select 1': () => db.execute(sql`select 1`),
  };
  const stats = Object.fromEntries(Object.keys(variants).map((k) => [k, { cpu: 0, wall: [] as number[] }]));
  for (let round = 0; round < n + WARMUP; round++) {
    for (const [name, call] of Object.entries(variants)) {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      await call();
      const wall = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      const s = stats[name];
      if (round >= WARMUP && s) {
        s.cpu += (cpu.user + cpu.system) / 1000;
        s.wall.push(wall);
      }
    }
  }
  out(`${n} interleaved calls each after ${WARMUP} warm-up, one connection (ms):`);
  for (const [name, s] of Object.entries(stats)) out(`${name.padEnd(24)} CPU per call ${(s.cpu / n).toFixed(3)}  wall p50 ${p50(s.wall).toFixed(3)}`);

  // runJob's claim with job.started, then the wake-up read; the slot limit never binds.
  const events = createEventPublisher(db);
  const limit = () => 1_000_000;
  const started = (job: { id: string; userId: string }) => ({ id: randomUUID(), kind: 'job.started' as const, userId: job.userId, data: { job_id: job.id } });
  const stages = typeof (events as { stage?: unknown }).stage === 'function';
  const claimSlot = jobSlots.claimSlot as (
    db: Database,
    id: string,
    limitFor: () => number,
    announce?: (tx: Database, write: unknown, job: { id: string; userId: string }) => Promise<{ deliver: () => Promise<void> }>,
  ) => Promise<{ state: string; job?: { id: string; userId: string }; announced?: { deliver: () => Promise<void> } }>;
  const stage = (events as unknown as { stage: (tx: Database, inputs: unknown[], options: { alongside: unknown[] }) => Promise<{ deliver: () => Promise<void> }> }).stage;
  const claims: number[] = [];
  const wakes: number[] = [];
  let cpuTotal = 0;
  for (let i = 0; i < jobCount + WARMUP; i++) {
    const job = await jobQueries.insertJob(db, { id: randomUUID(), userId: user.id, tool: 'echo', server: 'everything', arguments: {}, timeLimitMs: 1000, estimatedDurationMs: 5 });
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    if (stages) {
      const claim = await claimSlot(db, job.id, limit, (tx, write, row) => stage(tx, [started(row)], { alongside: [write] }));
      await claim.announced?.deliver();
    } else {
      const claim = await claimSlot(db, job.id, limit);
      if (claim.job) await events.publish(started(claim.job));
    }
    const t1 = performance.now();
    await jobSlots.jobsAwaitingSlot(db, user.id, limit);
    const t2 = performance.now();
    const cpu = process.cpuUsage(cpu0);
    if (i >= WARMUP) {
      claims.push(t1 - t0);
      wakes.push(t2 - t1);
      cpuTotal += (cpu.user + cpu.system) / 1000;
    }
  }
  out(`${jobCount} jobs (${stages ? 'job.started in the claim\'s commit' : 'job.started published after the claim'}), ms:`);
  out(`claim with job.started p50 ${p50(claims).toFixed(2)}  wake-up read p50 ${p50(wakes).toFixed(2)}  CPU of this process per job ${(cpuTotal / jobCount).toFixed(2)}`);
  out(`load average after ${load()}`);
} finally {
  await handle.close();
  await database.drop();
}
