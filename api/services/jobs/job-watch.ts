import type { Database } from '../../../db/client.ts';
import { findJob } from '../../../db/jobs/jobs.ts';
import { JOB_CHANGES_CHANNEL } from '../../../db/notify/listen.ts';
import type { Logger } from '../../../platform/logger.ts';
import { ChangeWatch } from '../streams/change-watch.ts';
import { isFinal, jobView } from './job-view.ts';

/** The state of a watched job: its SSE `job` message, rendered once for all of its streams. */
export type JobSnapshot = { gone: true } | { gone: false; version: number; message: string; final: boolean };

/**
 * The process's one change notifier for jobs (decisions.md, "Job streams"): one LISTEN on
 * `job_changes` (migration 0008's trigger), one read and rendering of the row per change for
 * every face that follows the job (REST streams, the MCP face's progress and tasks).
 */
export class JobWatch extends ChangeWatch<JobSnapshot> {
  constructor(db: Database, log: Logger) {
    super(db, log, {
      channel: JOB_CHANGES_CHANNEL,
      subject: 'job',
      versionOf: (snapshot) => (snapshot.gone ? undefined : snapshot.version),
      read: async (jobId) => {
        const job = await findJob(db, jobId);
        if (!job) return { gone: true };
        const message = `id: ${job.version}\nevent: job\ndata: ${JSON.stringify(await jobView(db, job))}\n\n`;
        return { gone: false, version: job.version, message, final: isFinal(job.status) };
      },
    });
  }
}
