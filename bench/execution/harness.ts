import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { HEALTH_CHECK_WORKFLOW, workflowArgs } from '../../contracts/workflows.ts';
import { jobs } from '../../db/schema/index.ts';
import { createExecutionApp } from '../../test/execution/helpers/setup.ts';
import { createLogger } from '../../platform/logger.ts';
import { startTracing } from '../../platform/telemetry/tracing.ts';

/**
 * The whole service as the tests build it (real Postgres, Temporal, worker, server-everything).
 * Telemetry as an operator sets it (issue 19's overhead figures): METRICS_ENABLED=false turns
 * metrics off (on by default), OTEL_EXPORTER_OTLP_ENDPOINT turns traces on.
 */
export async function startService(env: Record<string, string> = {}) {
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (endpoint) startTracing({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces`, serviceName: 'switchboard-bench' }, createLogger('silent'));
  const metrics = process.env.METRICS_ENABLED;
  return createExecutionApp({ ...(metrics ? { METRICS_ENABLED: metrics } : {}), ...env });
}

/**
 * The two loads jobs are compared on: a job from submit to completed (echo, spread over four
 * enterprise users: no execution rate limit, no running-jobs cap), and a bare one-activity
 * workflow (the health check) started eagerly like a job, so the ratio compares like with like.
 */
export async function jobAndBareRuns(t: Awaited<ReturnType<typeof startService>>) {
  const users = await Promise.all(Array.from({ length: 4 }, () => t.createUser({ plan: 'enterprise' })));
  let next = 0;
  const bare = async () => {
    await t.temporal.client.workflow.execute(HEALTH_CHECK_WORKFLOW, { workflowId: randomUUID(), taskQueue: t.taskQueue, args: workflowArgs(HEALTH_CHECK_WORKFLOW, { requestedBy: 'bench' }), requestEagerStart: true });
  };
  return {
    job: async () => {
      const user = users[next++ % users.length] as (typeof users)[number];
      const r = await t.app.inject({ method: 'POST', url: '/jobs/submit', headers: user.headers, payload: { tool: 'echo', arguments: { message: 'bench' } } });
      if (r.statusCode !== 200) throw new Error(`submit answered ${r.statusCode}: ${r.body}`);
      await t.temporal.client.workflow.getHandle(r.json().job_id).result();
    },
    bare,
    /**
     * The bare run plus the three commits no job can skip: accepted (the row, before the
     * submit answers), started (the slot taken, before the tool is called), ended. Plain
     * statements, nothing else of ours: the ceiling of the jobs/bare ratio while a job must
     * survive any crash (bench/results/2026-11-24-execution-overhead-per-run.md,
     * "Overhead per run, part 5").
     */
    bareWithCommits: async () => {
      const user = users[next++ % users.length] as (typeof users)[number];
      const id = randomUUID();
      await t.db.insert(jobs).values({ id, userId: user.user.id, tool: 'echo', server: 'everything', arguments: { message: 'bench' }, timeLimitMs: 300_000, estimatedDurationMs: 1_000 });
      await bare();
      await t.db.update(jobs).set({ status: 'running', startedAt: new Date(), version: sql`${jobs.version} + 1` }).where(eq(jobs.id, id));
      await t.db.update(jobs).set({ status: 'completed', completedAt: new Date(), result: { content: [{ type: 'text', text: 'Echo: bench' }] }, version: sql`${jobs.version} + 1` }).where(eq(jobs.id, id));
    },
  };
}

/** Percentiles of a sample, in ms with one decimal. */
export function percentiles(values: number[]): { n: number; p50: number; p90: number; p99: number; mean: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN);
  return { n: values.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), mean: round(values.reduce((a, b) => a + b, 0) / values.length) };
}

/** Runs `run` `count` times in sequence; the duration of each, in ms. */
export async function timed(count: number, run: (i: number) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await run(i);
    times.push(performance.now() - t0);
  }
  return times;
}

const round = (n: number) => Math.round(n * 10) / 10;

export const out = (line: string) => process.stdout.write(`${line}\n`);

/** `--name value` pairs of the command line. */
export function flags(argv: string[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg.startsWith('--')) result[arg.slice(2)] = argv[i + 1]?.startsWith('--') || argv[i + 1] === undefined ? 'true' : (argv[++i] as string);
  }
  return result;
}
