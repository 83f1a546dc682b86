import { randomUUID } from 'node:crypto';
import { Client } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';

export type FloorWorkflow = 'emptyWorkflow' | 'oneLocalActivityWorkflow' | 'oneActivityWorkflow';

/**
 * A bare worker with the floor workflows (bench/temporal-floor/workflows.ts) on a task queue of
 * its own, and a client on its connection (eager start needs both in one process). A bench
 * that runs these next to its own runs, interleaved, gets the floor on the same server under
 * the same load: the figure the goals are ratios of.
 */
export async function startFloor(address: string) {
  const taskQueue = `floor-${randomUUID()}`;
  const connection = await NativeConnection.connect({ address });
  const worker = await Worker.create({
    connection,
    taskQueue,
    workflowsPath: new URL('../temporal-floor/workflows.ts', import.meta.url).pathname,
    activities: { noop: async () => 1 },
  });
  const running = worker.run();
  const client = new Client({ connection });
  return {
    run: (workflow: FloorWorkflow, eager = true) => client.workflow.execute(workflow, { workflowId: randomUUID(), taskQueue, requestEagerStart: eager }),
    async close() {
      worker.shutdown();
      await running;
      await connection.close();
    },
  };
}
