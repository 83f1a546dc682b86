import { createJobActivities } from '../jobs/job-activities.ts';
import { createDeliverWebhook } from '../webhooks/deliver.ts';
import { createFanOutWebhookEvent } from '../webhooks/fan-out.ts';
import { createCallTool, holderElsewhere } from './call-tool.ts';
import type { ExecutionDeps } from './deps.ts';
import { createRecordRun, recordInline, recordRun } from './record-run.ts';
import type { CallRoute, Elsewhere, ToolCallOutcome, ToolExecutionInput } from '../../contracts/index.ts';

export type { ExecutionDeps } from './deps.ts';

/** Tool calls, their recording, job transitions and webhook deliveries (workflows/tool-execution.ts, webhook-delivery.ts, webhook-fanout.ts). */
export function createExecutionActivities(deps: ExecutionDeps) {
  const callTool = createCallTool(deps);
  return {
    /**
     * The call; a direct run's is also recorded here when it can be (`recorded`), which saves
     * the workflow its second local activity. Both ran in one workflow task anyway, so a worker
     * lost before it completes re-runs both as before: nothing about the call changes.
     * Separate workers: when another worker holds the caller's warm instance, it calls nothing
     * and names that worker's queue; the workflow sends the call there with `route` here.
     */
    async callTool(input: ToolExecutionInput, route?: CallRoute): Promise<(ToolCallOutcome & { recorded?: true }) | Elsewhere> {
      const holder = await holderElsewhere(deps, input, route);
      if (holder) return { kind: 'elsewhere', taskQueue: holder };
      const outcome = await callTool(input);
      if (input.mode !== 'direct') return outcome;
      const recorded = await recordInline(async () => {
        await recordRun(deps, input, outcome);
        return true as const;
      });
      return recorded ? { ...outcome, recorded } : outcome;
    },
    recordDirectRun: createRecordRun(deps),
    ...createJobActivities(deps, callTool, (input, route) => holderElsewhere(deps, input, route)),
    deliverWebhook: createDeliverWebhook(deps),
    fanOutWebhookEvent: createFanOutWebhookEvent(deps),
  };
}
