import { createJobActivities } from '../jobs/job-activities.ts';
import { createDeliverWebhook } from '../webhooks/deliver.ts';
import { createCallTool } from './call-tool.ts';
import type { ExecutionDeps } from './deps.ts';
import { createRecordRun } from './record-run.ts';

export type { ExecutionDeps } from './deps.ts';

/** Tool calls, their recording, job transitions and webhook deliveries (workflows/tool-execution.ts, webhook-delivery.ts). */
export function createExecutionActivities(deps: ExecutionDeps) {
  const callTool = createCallTool(deps);
  return {
    callTool,
    recordDirectRun: createRecordRun(deps),
    ...createJobActivities(deps, callTool),
    deliverWebhook: createDeliverWebhook(deps),
  };
}
