import { z } from 'zod';

/**
 * The one contracts module: task queues, and every workflow's input and output as one
 * serializable object (zod schema + inferred type). api/, worker/ and workflows/ import it.
 */
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
export * from './execution.ts';
export * from './billing.ts';
export * from './registry.ts';
export * from './retrieval.ts';
