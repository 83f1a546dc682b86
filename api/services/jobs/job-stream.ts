import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { findOwnJob } from '../../../db/jobs/jobs.ts';
import type { AppDeps } from '../../context.ts';
import { isFinal, jobView } from './job-view.ts';

/** How often the projection is read; changes closer together than this arrive as one event. */
const POLL_MS = 100;
/** A comment line this often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 15_000;

/**
 * GET /jobs/{id}/stream (decisions.md, "Job stream"): Server-Sent Events, one `job` event
 * per change of the projection, each carrying the whole Job; the event id is the row's
 * version, so a client that reconnects with Last-Event-ID gets the current Job if it
 * changed since, and nothing it already has. The stream ends after a final state.
 * It reads Postgres, not the worker, so any API replica can serve it.
 */
export async function streamJob(
  deps: AppDeps,
  userId: string,
  jobId: string,
  lastEventId: number,
  out: ServerResponse,
  closed: AbortSignal,
): Promise<void> {
  let sent = lastEventId;
  let lastWrite = Date.now();
  while (!closed.aborted) {
    const job = await findOwnJob(deps.db, userId, jobId);
    if (!job) break;
    if (job.version > sent) {
      out.write(`id: ${job.version}\nevent: job\ndata: ${JSON.stringify(await jobView(deps.db, job))}\n\n`);
      sent = job.version;
      lastWrite = Date.now();
    } else if (Date.now() - lastWrite > KEEPALIVE_MS) {
      out.write(': keep-alive\n\n');
      lastWrite = Date.now();
    }
    if (isFinal(job.status)) break;
    await sleep(POLL_MS, undefined, { signal: closed }).catch(() => {});
  }
  out.end();
}
