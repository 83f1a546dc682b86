// Where a direct run's time goes: its stages timed one by one, interleaved round by round
// (the floor workflows, single statements, tool resolution, an authenticated GET, the execution
// workflow started straight from the client with and without search attributes and execution
// timeout, the route).
// Usage: npx tsx bench/execution/breakdown.ts [--n 100] [--only floorLA,workflowOnly,service] (TEMPORAL_ADDRESS)
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { flags, out, percentiles, startService } from './harness.ts';
import { startFloor } from './floor.ts';
import { runnableTool } from '../../api/services/execution/resolve-tool.ts';
import { findServerLaunch } from '../../db/jobs/tool-target.ts';
import { recordToolRun } from '../../db/jobs/tool-runs.ts';
import { TOOL_EXECUTION_WORKFLOW, workflowArgs, runSearchAttributes } from '../../contracts/index.ts';
import { sql } from 'drizzle-orm';

const args = flags(process.argv.slice(2));
const n = Number(args.n ?? 100);
const address = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
const t = await startService();
const floor = await startFloor(address);
const user = await t.createUser({ plan: 'enterprise' });
async function startRun(options: { searchAttributes: boolean; timeout: boolean }) {
  const executionId = randomUUID();
  await t.temporal.client.workflow.execute(TOOL_EXECUTION_WORKFLOW, {
    workflowId: executionId,
    taskQueue: t.taskQueue,
    args: workflowArgs(TOOL_EXECUTION_WORKFLOW, { executionId, mode: 'direct', userId: user.user.id, server: 'everything', tool: 'echo', arguments: { message: 'x' }, timeLimitMs: 30000 }),
    requestEagerStart: true,
    ...(options.timeout ? { workflowExecutionTimeout: 35_000 } : {}),
    ...(options.searchAttributes ? { typedSearchAttributes: runSearchAttributes({ user: user.user.id, tool: 'echo', server: 'everything' }) } : {}),
  });
}
const stages: Record<string, (i: number) => Promise<unknown>> = {
  floorLA: () => floor.run('oneLocalActivityWorkflow'),
  floorEmpty: () => floor.run('emptyWorkflow'),
  select1: () => t.db.execute(sql`select 1`),
  insertCommit: (i) => recordToolRun(t.db, { executionId: randomUUID(), userId: user.user.id, server: 'everything', tool: 'echo', mode: 'direct', status: 'completed', durationMs: i, errorCode: null }),
  resolve: () => runnableTool(t.db, 'echo', user.user.id, { message: 'x' }),
  launch: () => findServerLaunch(t.db, 'everything'),
  health: () => t.app.inject({ method: 'GET', url: '/health' }),
  authedGet: () => t.app.inject({ method: 'GET', url: '/jobs?limit=1', headers: user.headers }),
  // The execution workflow started straight from the client as the route starts it, then
  // without its search attributes, without its execution timeout, and without both.
  workflowOnly: () => startRun({ searchAttributes: true, timeout: true }),
  workflowNoSA: () => startRun({ searchAttributes: false, timeout: true }),
  workflowNoTimeout: () => startRun({ searchAttributes: true, timeout: false }),
  workflowBare: () => startRun({ searchAttributes: false, timeout: false }),
  service: async (i) => {
    const r = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'echo', params: { message: `m${i}` } } });
    if (r.statusCode !== 200) throw new Error(r.body);
  },
};
const only = args.only?.split(',');
const names = Object.keys(stages).filter((s) => !only || only.includes(s));
const times: Record<string, number[]> = Object.fromEntries(names.map((s) => [s, []]));
for (let i = 0; i < n + 10; i++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(i + k) % names.length] as string;
    const t0 = performance.now();
    await (stages[name] as (i: number) => Promise<unknown>)(i);
    if (i >= 10) times[name]?.push(performance.now() - t0);
  }
}
out(`load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (const name of names) {
  const p = percentiles(times[name] as number[]);
  out(`${name.padEnd(14)} p50 ${p.p50}  p90 ${p.p90}  mean ${p.mean}`);
}
await t.close();
await floor.close();
process.exit(0);
