// The floor under bench/execute.ts and bench/jobs.ts: bare workflows (empty, one local
// activity, one activity) on a bare worker, started plainly and eagerly, sequentially
// (latency) and from closed loops (throughput). Our runs cannot beat these figures.
// Usage: npx tsx bench/temporal-floor.ts [--temporal 127.0.0.1:7233 (or TEMPORAL_ADDRESS)] [--n 200] [--seconds 15] [--concurrency 64]
import { randomUUID } from 'node:crypto';
import { Client } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { flags, out, percentiles } from './execution/harness.ts';

const args = flags(process.argv.slice(2));
const address = args.temporal ?? process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
const n = Number(args.n ?? 200);
const seconds = Number(args.seconds ?? 15);
const concurrency = Number(args.concurrency ?? 64);
const taskQueue = `floor-${randomUUID()}`;
const WORKFLOWS = ['emptyWorkflow', 'oneLocalActivityWorkflow', 'oneActivityWorkflow'];

Runtime.install({ logger: new DefaultLogger('WARN') });
const connection = await NativeConnection.connect({ address });
const worker = await Worker.create({
  connection,
  taskQueue,
  workflowsPath: new URL('./temporal-floor/workflows.ts', import.meta.url).pathname,
  activities: { noop: async () => 1 },
});
const running = worker.run();
// Eager start needs the client on the worker's connection.
const client = new Client({ connection });
const run = (workflow: string, eager: boolean) => client.workflow.execute(workflow, { workflowId: randomUUID(), taskQueue, requestEagerStart: eager });

out(`Temporal at ${address}; ${n} sequential runs, then ${concurrency} closed loops for ${seconds} s`);
for (const workflow of WORKFLOWS) {
  for (const eager of [false, true]) {
    for (let i = 0; i < 10; i++) await run(workflow, eager);
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await run(workflow, eager);
      times.push(performance.now() - t0);
    }
    let done = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          await run(workflow, eager);
          done++;
        }
      }),
    );
    const rate = Math.round((done / ((performance.now() - started) / 1000)) * 10) / 10;
    const p = percentiles(times);
    out(`${workflow.padEnd(26)} ${eager ? 'eager' : 'plain'}  p50 ${p.p50} ms  p90 ${p.p90} ms  p99 ${p.p99} ms   ${rate} runs/s`);
  }
}
worker.shutdown();
await running;
process.exit(0);
