import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { followEvents } from '../../api/event-stream.ts';
import { isFinal, type Job, type JobStatus } from './types.ts';

/** One state the job was seen in, with the service's time for it. */
export interface StateChange {
  status: JobStatus;
  at: number | undefined;
}

export interface JobFollow {
  job: Job | undefined;
  changes: StateChange[];
  /** The stream cannot be followed (unknown job, no access, or the service unreachable after retries). */
  error: unknown;
  /** Waiting to reconnect after the stream ended before a final state. */
  reconnecting: boolean;
  retry: () => void;
}

const MAX_RETRIES = 5;

function timeOf(job: Job): number | undefined {
  if (job.status === 'queued') return job.created_at;
  if (job.status === 'running') return job.started_at;
  return job.completed_at;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Follows GET /jobs/{id}/stream: each `job` event carries the whole Job, the first one the job
 * as it is now, and the stream ends after a final state. No polling: when the stream ends early
 * (the server's `shutdown` event, a dropped connection) it connects again, and the first event
 * of the new stream is the job as it is then. A 4xx other than 429 is final (unknown job).
 */
export function useJobStream(jobId: string): JobFollow {
  const [job, setJob] = useState<Job>();
  const [changes, setChanges] = useState<StateChange[]>([]);
  const [error, setError] = useState<unknown>();
  const [reconnecting, setReconnecting] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    let latest: Job | undefined;
    setJob(undefined);
    setChanges([]);
    setError(undefined);
    const onJob = (next: Job) => {
      const previous = latest;
      latest = next;
      setJob(next);
      if (previous?.status !== next.status) setChanges((list) => (list.at(-1)?.status === next.status ? list : [...list, { status: next.status, at: timeOf(next) }]));
    };
    void (async () => {
      for (let failures = 0; !signal.aborted; ) {
        try {
          await followEvents(
            `/jobs/${encodeURIComponent(jobId)}/stream`,
            (event) => {
              if (event.event === 'job' && !signal.aborted) onJob(JSON.parse(event.data) as Job);
            },
            signal,
          );
          failures = 0;
        } catch (caught) {
          if (signal.aborted) return;
          const permanent = caught instanceof ApiError && caught.status >= 400 && caught.status < 500 && caught.status !== 429;
          if (permanent || ++failures > MAX_RETRIES) {
            setError(caught);
            return;
          }
        }
        if (signal.aborted || (latest && isFinal(latest.status))) break;
        setReconnecting(true);
        await pause(1000 * Math.min(failures + 1, 5), signal);
        setReconnecting(false);
      }
    })();
    return () => controller.abort();
  }, [jobId, attempt]);

  return { job, changes, error, reconnecting, retry: () => setAttempt((n) => n + 1) };
}
