import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { JobProgress } from '../../../db/schema/index.ts';
import { getJobAndProgress, submitJob } from '../../services/jobs/jobs.ts';
import { isFinal } from '../../services/jobs/job-view.ts';
import type { JobRequest } from '../../operations/operation.ts';
import type { McpCaller } from './caller.ts';
import { jobOutcome } from './job-results.ts';

/** Where a call's progress goes: notifications/progress for its token, while its request lasts. */
export interface ProgressSink {
  send(p: { progress: number; total?: number; message?: string }): Promise<void>;
  signal: AbortSignal;
}

/**
 * execute_tool with a progressToken. A direct execution's progress never leaves its worker
 * (a local activity: no heartbeats, no row), while a job's progress is written to its row. So
 * this call runs as a job of the same workflow and waits for it, relaying each change of the
 * row's progress (the job-change notifier, no polling). The job goes on if the caller leaves.
 */
export async function executeAsJob(
  caller: McpCaller,
  job: JobRequest,
  { send, signal }: ProgressSink,
): Promise<CallToolResult> {
  const submitted = await submitJob(caller.deps, caller.userId, job);
  const jobId = String(submitted.job_id);
  let last = -1;
  let lastStep: string | undefined;
  const final = await new Promise<Record<string, unknown>>((resolve, reject) => {
    let reading = Promise.resolve();
    let done = false;
    let unsubscribe = () => {};
    const end = () => {
      done = true;
      unsubscribe();
    };
    const onChange = () => {
      // One read at a time, in order: each change reads the row after the previous read.
      reading = reading.then(async () => {
        const { view: job, progress } = await getJobAndProgress(caller.deps, caller.userId, jobId);
        if (done) return;
        // Whatever the status: a run's last progress and its final state may land together (the
        // call activity records the run right after it), and the read sees both at once.
        const next = progress ? nextProgress(last, lastStep, progress) : undefined;
        if (next !== undefined && progress) {
          last = next;
          lastStep = progress.current_step;
          const total = progress.total_steps > 0 ? { total: 100 } : {};
          await send({ progress: last, ...total, message: progress.current_step }).catch(() => {});
        }
        if (isFinal(String(job.status))) {
          end();
          resolve(job);
        }
      }).catch((error: unknown) => {
        end();
        reject(error);
      });
    };
    signal.addEventListener('abort', () => {
      end();
      reject(signal.reason);
    }, { once: true });
    caller.watch.subscribe(jobId, onChange).then((off) => {
      unsubscribe = off;
      if (done) off();
    }, reject);
  });
  return jobOutcome(final);
}

/**
 * The value to announce for a change of the job's progress, or undefined when there is nothing
 * new. MCP progress must grow with every notification: a percentage that went back (a retry
 * starting again from 0) is not announced; a new step without a percentage (a first call's
 * install: resolving, downloading, verifying) moves the value on by one.
 */
export function nextProgress(last: number, lastStep: string | undefined, progress: JobProgress): number | undefined {
  const percentage = progress.percentage ?? 0;
  if (percentage > last) return percentage;
  if (!(progress.total_steps > 0) && progress.current_step && progress.current_step !== lastStep) return last + 1;
  return undefined;
}
