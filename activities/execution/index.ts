import { createJobActivities } from '../jobs/job-activities.ts';
import { createDeliverWebhook } from '../webhooks/deliver.ts';
import type { ExecutionDeps } from './deps.ts';
import { createRunTool } from './run-tool.ts';

export type { ExecutionDeps } from './deps.ts';
export type { JobStep } from '../jobs/job-activities.ts';

/** Tool runs, job transitions and webhook deliveries (workflows/tool-execution.ts, webhook-delivery.ts). */
export function createExecutionActivities(deps: ExecutionDeps) {
  const runTool = createRunTool(deps);
  return {
    runTool,
    ...createJobActivities(deps, runTool),
    deliverWebhook: createDeliverWebhook(deps),
  };
}
