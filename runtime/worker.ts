import { createDocumentVectorStore } from '../db/retrieval/document-vectors.ts';
import { taskQueueName } from '../contracts/index.ts';
import { openDatabase } from '../db/client.ts';
import { runEntry } from '../platform/entry.ts';
import { checkSandbox, preflight } from '../platform/preflight.ts';
import { startProcessTelemetry } from '../platform/telemetry/process.ts';
import { connectTemporal } from '../platform/temporal.ts';
import { closeSharedEmbedders, createSearchIndex } from '../search/service/create-search-index.ts';
import { runWorker } from '../worker/run-worker.ts';

// `npm run worker`: one worker process of the production shape; run as many as needed.
await runEntry(async (config, logger) => {
  await preflight(config, { api: false, worker: true });
  // One line when catalog servers cannot run here; the probe's bwrap run overlaps the start.
  checkSandbox(logger).catch(() => {});
  // Traces and metrics (METRICS_PORT is how a worker is scraped) before Temporal is connected.
  const stopTelemetry = await startProcessTelemetry(config, logger);
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const temporal = await connectTemporal(config, logger);
  // The worker writes the index the API processes search (Elasticsearch in this shape).
  const search = await createSearchIndex(config, logger, createDocumentVectorStore(database.db));
  const taskQueue = taskQueueName(config.TASK_QUEUE_PREFIX);
  const worker = await runWorker({ config, db: database.db, temporal, taskQueue, logger, search, instanceRouting: config.INSTANCE_ROUTING });
  return async () => {
    await worker.stop();
    await search.close();
    await closeSharedEmbedders();
    await temporal.close();
    await database.close();
    await stopTelemetry();
  };
});
