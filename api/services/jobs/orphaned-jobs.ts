import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { queuedBefore } from '../../../db/jobs/jobs.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { AppDeps } from '../../context.ts';
import { openJobApproval, startJobRun } from './jobs.ts';
import { finishJob } from '../../../db/jobs/job-run-writes.ts';
import type { CallVerdict } from '../../../domain/trust/call-policy.ts';
import { callVerdict } from '../trust/call-gate.ts';
import { AppError } from '../../errors.ts';

/** Longer than any submit takes between writing the row and starting its workflow. */
export const ORPHAN_GRACE_MS = 60_000;
const BATCH = 100;

/**
 * A submit writes the queued row, then starts the job's workflow. An API process lost between
 * the two (kill -9, a crash) left a job no workflow would ever move: queued for good, its
 * job.queued event never sent. This starts the workflow of every job still queued after the
 * grace period; for the usual queued job, waiting for a slot, the start is refused as a
 * duplicate and nothing happens. Any API replica may run it at any time.
 */
export async function startOrphanedJobs(deps: Pick<AppDeps, 'db' | 'events' | 'temporal' | 'config'>, logger: Logger, graceMs = ORPHAN_GRACE_MS): Promise<string[]> {
  const started: string[] = [];
  for (const job of await queuedBefore(deps.db, new Date(Date.now() - graceMs), BATCH)) {
    try {
      // The policy is asked again: a job that must wait for its owner never starts without its approval.
      let verdict: CallVerdict;
      try {
        verdict = await callVerdict(deps, job, job.userId);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await finishJob(deps.db, job.id, { status: 'canceled', cancelReason: error.message });
        continue;
      }
      await startJobRun(deps, job, undefined, verdict.decision === 'ask' ? await openJobApproval(deps, job, verdict.reason) : undefined);
    } catch (error) {
      if (error instanceof WorkflowExecutionAlreadyStartedError) continue;
      throw error;
    }
    started.push(job.id);
    logger.warn({ job_id: job.id, user_id: job.userId }, 'started the workflow of a job its API process never started');
  }
  return started;
}
