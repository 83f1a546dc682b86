import { z } from 'zod';

/** Task queues, search attributes and the health-check workflow's contract (imported by the other contracts files, never the reverse). */
export const TASK_QUEUE = 'switchboard';

/** Tests give each run its own queue through a prefix so that runs never share workers. */
export function taskQueueName(prefix = ''): string {
  return `${prefix}${TASK_QUEUE}`;
}

/** Search attributes every job run carries, so operators can find runs in the Temporal UI. */
export const SEARCH_ATTRIBUTES = {
  user: 'SwitchboardUser',
  tool: 'SwitchboardTool',
  server: 'SwitchboardServer',
  /** The agent run a workflow belongs to: the run itself and each tool call it made (decisions.md, "Agent runs"). */
  run: 'SwitchboardRun',
} as const;

export const healthCheckInput = z.object({ requestedBy: z.string() });
export type HealthCheckInput = z.infer<typeof healthCheckInput>;

export const healthCheckOutput = z.object({
  requestedBy: z.string(),
  database: z.enum(['ok', 'error']),
  worker: z.string(),
  checkedAt: z.string(),
});
export type HealthCheckOutput = z.infer<typeof healthCheckOutput>;
