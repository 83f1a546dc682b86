import type { AppDeps } from '../../context.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { JobWatch } from '../../services/jobs/job-watch.ts';
import type { Refusals } from './rpc-batch.ts';

/** Who an MCP request acts for and what it may reach: built per HTTP request by the route. */
export interface McpCaller {
  deps: AppDeps;
  userId: string;
  /** The face's one job-change notifier (progress of jobs a call waits for). */
  watch: JobWatch;
  /** The address the client reached us at (links in errors, such as CREDENTIALS_REQUIRED's setup page). */
  origin?: string;
  /** The request's logger: every line carries the request id and the MCP method. */
  log: Logger;
  /** The scopes of an OAuth access token of ours (api/services/oauth); absent for keys and sessions, which may do everything. */
  scopes?: readonly string[];
  /** Messages of this request's batch that a rate limit refused (rpc-batch.ts): answered without running. */
  refused?: Refusals;
}
