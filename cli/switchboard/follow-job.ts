import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { Context } from './context.ts';
import { EXIT, Failure } from './failure.ts';
import { authHeaders, call, failureOf, send, urlOf } from './http.ts';
import { isFinal } from './jobs-view.ts';
import type { Job } from './jobs-view.ts';

const RECONNECTS = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows GET /jobs/{id}/stream until the job reaches a final state and returns that Job.
 * Each `job` message is a whole Job (docs/decisions.md "Job stream"); a `shutdown` message or a
 * dropped connection is followed by a reconnect with Last-Event-ID (any replica can serve it),
 * at most RECONNECTS times in a row without news.
 */
export async function followJob(ctx: Context, jobId: string, onJob: (job: Job) => void): Promise<Job> {
  const path = `/jobs/${encodeURIComponent(jobId)}/stream`;
  let lastEventId: string | undefined;
  let quietReconnects = 0;
  let connected = false;
  for (;;) {
    let retryMs = 1000;
    let heardNews = false;
    try {
      const response = await send(ctx.conn, urlOf(ctx.conn, path), {
        headers: { accept: 'text/event-stream', ...authHeaders(ctx.conn), ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      });
      if (!response.ok) {
        const text = await response.text();
        throw failureOf(ctx.conn, response.status, parseJson(text), text);
      }
      connected = true;
      const events = response.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream({ onRetry: (ms) => (retryMs = ms) }));
      for await (const event of events) {
        if (event.event !== 'job') continue; // `shutdown`: the stream ends next; reconnect below
        const job = JSON.parse(event.data) as Job;
        if (event.id) lastEventId = event.id;
        heardNews = true;
        onJob(job);
        if (isFinal(job)) return job;
      }
    } catch (error) {
      // A service going away mid-stream (restart, deploy) is worth waiting for; anything else
      // is not, and neither is a service that was never there.
      const away = error instanceof Failure ? error.exitCode === EXIT.unreachable : isConnectionDrop(error);
      if (!away || !connected) throw error;
    }
    // The stream ended without a final state: the job may have ended while we were away.
    const current = await call(ctx.conn, 'get', '/jobs/{job_id}', { params: { job_id: jobId } }).catch((error: unknown) => {
      if (error instanceof Failure && error.exitCode === EXIT.unreachable) return undefined;
      throw error;
    });
    if (current && isFinal(current)) {
      onJob(current);
      return current;
    }
    quietReconnects = heardNews ? 0 : quietReconnects + 1;
    if (quietReconnects > RECONNECTS) throw new Failure(`lost the stream of job ${jobId} and could not get it back`, EXIT.unreachable);
    await sleep(retryMs);
  }
}

function isConnectionDrop(error: unknown): boolean {
  const text = `${(error as Error)?.name} ${(error as Error)?.message} ${String((error as { cause?: unknown })?.cause ?? '')}`;
  return /terminated|socket|ECONNRESET|other side closed|aborted/i.test(text);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
