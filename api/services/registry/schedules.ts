import { ScheduleAlreadyRunning, ScheduleOverlapPolicy } from '@temporalio/client';
import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';
import {
  OAUTH_CLEANUP_INTERVAL,
  OAUTH_CLEANUP_WORKFLOW,
  oauthCleanupScheduleId,
  REGISTRY_SYNC_INTERVAL,
  REGISTRY_SYNC_WORKFLOW,
  SERVER_HEALTH_INTERVAL,
  SERVER_HEALTH_WORKFLOW,
  registrySyncScheduleId,
  serverHealthScheduleId,
  workflowArgs,
} from '../../../contracts/index.ts';

/**
 * Creates the registry sync, server health and OAuth cleanup Schedules once per task queue. Starting twice
 * (restarts, several API replicas) finds them already there and leaves them alone, so the
 * operator's pauses and edits in the Temporal UI survive restarts.
 */
export async function ensureRegistrySchedules(
  client: Client,
  taskQueue: string,
  logger: Logger,
  options: { upstreamUrl?: string } = {},
): Promise<{ created: string[] }> {
  const created: string[] = [];
  const schedules = [
    {
      scheduleId: registrySyncScheduleId(taskQueue),
      spec: { intervals: [{ every: REGISTRY_SYNC_INTERVAL }] },
      action: {
        type: 'startWorkflow' as const,
        workflowType: REGISTRY_SYNC_WORKFLOW,
        taskQueue,
        args: workflowArgs(REGISTRY_SYNC_WORKFLOW, { requestedBy: 'schedule', ...(options.upstreamUrl ? { upstreamUrl: options.upstreamUrl } : {}) }),
      },
    },
    {
      scheduleId: serverHealthScheduleId(taskQueue),
      spec: { intervals: [{ every: SERVER_HEALTH_INTERVAL }] },
      action: {
        type: 'startWorkflow' as const,
        workflowType: SERVER_HEALTH_WORKFLOW,
        taskQueue,
        args: workflowArgs(SERVER_HEALTH_WORKFLOW, {}),
      },
    },
    {
      scheduleId: oauthCleanupScheduleId(taskQueue),
      spec: { intervals: [{ every: OAUTH_CLEANUP_INTERVAL }] },
      action: { type: 'startWorkflow' as const, workflowType: OAUTH_CLEANUP_WORKFLOW, taskQueue, args: workflowArgs(OAUTH_CLEANUP_WORKFLOW, {}) },
    },
  ];
  for (const schedule of schedules) {
    try {
      // The first run happens now: a fresh install has a registry and statuses within seconds.
      await client.schedule.create({ ...schedule, policies: { overlap: ScheduleOverlapPolicy.SKIP }, state: { triggerImmediately: true } });
      logger.debug({ scheduleId: schedule.scheduleId }, 'schedule created');
      created.push(schedule.scheduleId);
    } catch (error) {
      if (!(error instanceof ScheduleAlreadyRunning)) throw error;
      logger.debug({ scheduleId: schedule.scheduleId }, 'schedule already exists');
    }
  }
  return { created };
}

/**
 * Runs the registry sync now, unless one is running (the Schedule's own overlap policy). For a
 * start whose database does not hold the current bundled catalog while the Schedule already
 * exists (an upgraded catalog, a sync cut off by a crash): without it the service would wait
 * for the next interval to become ready.
 */
export async function triggerRegistrySync(client: Client, taskQueue: string): Promise<void> {
  await client.schedule.getHandle(registrySyncScheduleId(taskQueue)).trigger(ScheduleOverlapPolicy.SKIP);
}
