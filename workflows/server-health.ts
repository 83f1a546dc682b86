import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { ServerHealthInput, ServerHealthOutput, ServerHealthResult } from '../contracts/index.ts';

/** A ping is bounded by its own timeout; one retry covers a worker restart mid-check. */
const probes = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 2, initialInterval: '1 second' },
});

const PARALLEL = 8;

/** Health of every server we connect to (or the named ones), stored for GET /v1/servers. Scheduled. */
export async function serverHealthWorkflow(input: ServerHealthInput): Promise<ServerHealthOutput> {
  const timeoutMs = input.timeoutMs ?? 10_000;
  const servers = input.servers ?? (await probes.listRunnableServers({}));
  const results: ServerHealthResult[] = [];
  for (let i = 0; i < servers.length; i += PARALLEL) {
    const batch = servers.slice(i, i + PARALLEL);
    results.push(...(await Promise.all(batch.map((server) => probes.checkServerHealth({ server, timeoutMs })))));
  }
  return { checked: results.length, results };
}
