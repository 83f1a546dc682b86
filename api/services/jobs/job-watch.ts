import type { Database } from '../../../db/client.ts';
import { findJob } from '../../../db/jobs/jobs.ts';
import { listenJobChanges } from '../../../db/notify/job-changes.ts';
import type { Logger } from '../../../lib/logger.ts';
import { isFinal, jobView } from './job-view.ts';

/** The state of a watched job: its SSE `job` message, rendered once for all of its streams. */
export type JobSnapshot = { gone: true } | { gone: false; version: number; message: string; final: boolean };
type Subscriber = (snapshot: JobSnapshot) => void;

/**
 * A safety net, per watched job and not per stream: a notification lost between a dropped
 * LISTEN connection and its reconnect is caught up at the reconnect, and a deleted job
 * (no trigger fires) ends its streams at the latest this long after.
 */
const SAFETY_READ_MS = 10_000;

interface Watched {
  subscribers: Set<Subscriber>;
  last?: JobSnapshot;
  reading: boolean;
  again: boolean;
  timer: NodeJS.Timeout;
}

/**
 * The process's one change notifier for job streams (decisions.md, "Job streams"): one LISTEN
 * on `job_changes` (migration 0008's trigger), and per watched job one read of the row per
 * change, whatever the number of its streams. Streams subscribe to a job and get its snapshots.
 */
export class JobWatch {
  private readonly jobs = new Map<string, Watched>();
  private listening?: Promise<() => Promise<void>>;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
  ) {}

  /** Subscribes to a job's snapshots: the current one first (asynchronously), then one per change. */
  async subscribe(jobId: string, subscriber: Subscriber): Promise<() => void> {
    await this.listen();
    let watched = this.jobs.get(jobId);
    if (!watched) {
      watched = { subscribers: new Set(), reading: false, again: false, timer: setInterval(() => this.refresh(jobId), SAFETY_READ_MS) };
      watched.timer.unref();
      this.jobs.set(jobId, watched);
      watched.subscribers.add(subscriber);
      this.refresh(jobId);
    } else {
      watched.subscribers.add(subscriber);
      const last = watched.last;
      // Current: every change after `last` was read triggers another read.
      if (last) queueMicrotask(() => subscriber(last));
    }
    return () => this.unsubscribe(jobId, subscriber);
  }

  async close(): Promise<void> {
    for (const watched of this.jobs.values()) clearInterval(watched.timer);
    this.jobs.clear();
    const listening = this.listening;
    this.listening = undefined;
    if (listening) await (await listening.catch(() => async () => {}))().catch(() => {});
  }

  private listen(): Promise<unknown> {
    this.listening ??= listenJobChanges(this.db, {
      onChange: ({ jobId, version }) => {
        const watched = this.jobs.get(jobId);
        if (!watched) return;
        if (watched.last && !watched.last.gone && watched.last.version >= version) return;
        this.refresh(jobId);
      },
      // First listen or a reconnect: whatever changed meanwhile is read now.
      onListen: () => {
        for (const jobId of this.jobs.keys()) this.refresh(jobId);
      },
    });
    // A failed listen is retried by the next subscriber rather than cached.
    this.listening.catch(() => (this.listening = undefined));
    return this.listening;
  }

  private unsubscribe(jobId: string, subscriber: Subscriber): void {
    const watched = this.jobs.get(jobId);
    if (!watched) return;
    watched.subscribers.delete(subscriber);
    if (watched.subscribers.size > 0) return;
    clearInterval(watched.timer);
    this.jobs.delete(jobId);
  }

  /** Reads the job once and tells its subscribers; changes during a read cause one more read. */
  private refresh(jobId: string): void {
    const watched = this.jobs.get(jobId);
    if (!watched) return;
    if (watched.reading) {
      watched.again = true;
      return;
    }
    watched.reading = true;
    void (async () => {
      do {
        watched.again = false;
        try {
          const snapshot = await this.read(jobId);
          if (this.jobs.get(jobId) !== watched) return;
          watched.last = snapshot;
          for (const subscriber of [...watched.subscribers]) subscriber(snapshot);
        } catch (err) {
          // The safety read retries; the streams stay open meanwhile.
          this.log.warn({ err, jobId }, 'job stream read failed');
        }
      } while (watched.again);
      watched.reading = false;
    })();
  }

  private async read(jobId: string): Promise<JobSnapshot> {
    const job = await findJob(this.db, jobId);
    if (!job) return { gone: true };
    const message = `id: ${job.version}\nevent: job\ndata: ${JSON.stringify(await jobView(this.db, job))}\n\n`;
    return { gone: false, version: job.version, message, final: isFinal(job.status) };
  }
}
