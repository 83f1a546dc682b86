import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { HealthCheckInput, HealthCheckOutput } from '../contracts/index.ts';

const probes = proxyActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumAttempts: 3, initialInterval: '200 milliseconds' },
});

/** A round trip through Temporal and a worker to the database: the deepest health check we have. */
export async function healthCheckWorkflow(input: HealthCheckInput): Promise<HealthCheckOutput> {
  const probe = await probes.probeDatabase();
  return { requestedBy: input.requestedBy, ...probe };
}
