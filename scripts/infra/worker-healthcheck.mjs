#!/usr/bin/env node
// Container health check of a worker (docker-compose.yml): healthy while THIS container
// polls the task queue. A worker has no HTTP port, and "some poller exists" would stay
// green for a dead replica while another replica lives, so it matches the poller identity,
// which the Temporal SDK sets to `<pid>@<hostname>` (the hostname is the container id).
// The server lists a poller for minutes after it stops, so the last poll must be recent:
// a live worker re-polls at least every long-poll interval (~1 min).
import { hostname } from 'node:os';
import { Connection } from '@temporalio/client';

const address = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
const namespace = process.env.TEMPORAL_NAMESPACE ?? 'default';
const taskQueue = `${process.env.TASK_QUEUE_PREFIX ?? ''}switchboard`;

const connection = await Connection.connect({ address, connectTimeout: 5_000 });
try {
  const { pollers } = await connection.workflowService.describeTaskQueue({
    namespace,
    taskQueue: { name: taskQueue },
    taskQueueType: 1, // TASK_QUEUE_TYPE_WORKFLOW
  });
  const recent = Date.now() - 120_000;
  const mine = pollers.some(
    (poller) =>
      poller.identity?.endsWith(`@${hostname()}`) && Number(poller.lastAccessTime?.seconds ?? 0) * 1000 > recent,
  );
  if (!mine) {
    process.stderr.write(`no poller from ${hostname()} on task queue ${taskQueue}\n`);
    process.exitCode = 1;
  }
} finally {
  await connection.close();
}
