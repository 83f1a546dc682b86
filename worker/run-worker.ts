import { createActivities } from '../activities/index.ts';
import type { Database } from '../db/client.ts';
import type { Config } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import type { TemporalHandle } from '../lib/temporal.ts';
import { createWorker } from './create-worker.ts';

export interface RunningWorker {
  /** Stops polling, lets in-flight activities finish (up to the grace time), then resolves. */
  stop(): Promise<void>;
}

/** Starts the worker for the service's task queue and keeps it running in the background. */
export async function runWorker(deps: {
  config: Config;
  db: Database;
  temporal: TemporalHandle;
  taskQueue: string;
  logger: Logger;
}): Promise<RunningWorker> {
  const logger = deps.logger.child({ component: 'worker' });
  const worker = await createWorker({
    connection: deps.temporal.nativeConnection,
    namespace: deps.temporal.namespace,
    taskQueue: deps.taskQueue,
    activities: createActivities({ db: deps.db, logger }),
    logger,
    shutdownGraceMs: deps.config.SHUTDOWN_GRACE_MS,
  });
  const running = worker.run().catch((err) => {
    logger.fatal({ err }, 'worker stopped on an error');
    throw err;
  });
  logger.info({ taskQueue: deps.taskQueue }, 'worker polling');
  return {
    async stop() {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
    },
  };
}
