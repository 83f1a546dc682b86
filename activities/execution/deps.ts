import type { Database } from '../../db/client.ts';
import type { EventPublisher } from '../../platform/event-publisher.ts';
import type { McpSessionPool } from '../../mcp/index.ts';
import type { InstanceLauncher } from '../instances/launcher.ts';
import type { InstanceRouting } from '../instances/routing.ts';

/** What execution, job and webhook activities need from the worker process. */
export interface ExecutionDeps {
  db: Database;
  mcp: McpSessionPool;
  /** Puts the instance serving a run into the pool (activities/instances/launcher.ts). */
  instances: InstanceLauncher;
  /** The service data folder, where the reference servers keep their files (their launch depends on it). */
  dataDir: string;
  events: EventPublisher;
  /** Separate workers: where users' warm instances live (activities/instances/routing.ts); absent in the embedded mode. */
  routing?: InstanceRouting | undefined;
  /** Concurrent running jobs per plan. */
  jobConcurrency: Record<string, number>;
  /** Production refuses private, loopback and link-local webhook targets unless this is set. */
  allowPrivateWebhookTargets: boolean;
}
