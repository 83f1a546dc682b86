import { createJobActivities } from '../jobs/job-activities.ts';
import { createDeliverWebhook } from '../webhooks/deliver.ts';
import type { ExecutionDeps } from './deps.ts';
import { createRunTool } from './run-tool.ts';

export type { ExecutionDeps } from './deps.ts';

/** Tool runs, job transitions and webhook deliveries (workflows/tool-execution.ts, webhook-delivery.ts). */
export function createExecutionActivities(deps: ExecutionDeps) {
  return {
    runTool: createRunTool(deps),
    ...createJobActivities(deps),
    deliverWebhook: createDeliverWebhook(deps),
  };
}
