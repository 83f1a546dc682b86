import type { Database } from '../../../db/client.ts';
import { listenRowChanges } from '../../../db/notify/listen.ts';
import type { Logger } from '../../../platform/logger.ts';

/** What a watch follows: the channel its rows' triggers announce on, and how one subject is read. */
export interface WatchedRows<S> {
  /** The NOTIFY channel (db/notify/listen.ts). */
  channel: string;
  /** Named in the log line of a failed read: 'job', 'agent run'. */
  subject: string;
  read(id: string): Promise<S>;
  /** The row version a snapshot shows; undefined when the row is gone. */
  versionOf(snapshot: S): number | undefined;
}

type Subscriber<S> = (snapshot: S) => void;

/**
 * A safety net, per watched subject and not per stream: a notification lost between a dropped
 * LISTEN connection and its reconnect is caught up at the reconnect, and a deleted row (no
 * trigger fires) ends its streams at the latest this long after.
 */
const SAFETY_READ_MS = 10_000;

interface Watched<S> {
  subscribers: Set<Subscriber<S>>;
  last?: { snapshot: S };
  reading: boolean;
  again: boolean;
  timer: NodeJS.Timeout;
}

/**
 * The process's one change notifier for one kind of row (decisions.md, "Job streams"): one
 * LISTEN on its channel, and per watched subject one read per change, whatever the number of
 * its streams. Subscribers get the subject's snapshots.
 */
export class ChangeWatch<S> {
  private readonly watched = new Map<string, Watched<S>>();
  private listening?: Promise<() => Promise<void>>;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly rows: WatchedRows<S>,
  ) {}

  /** Subscribes to a subject's snapshots: the current one first (asynchronously), then one per change. */
  async subscribe(id: string, subscriber: Subscriber<S>): Promise<() => void> {
    await this.listen();
    let watched = this.watched.get(id);
    if (!watched) {
      watched = { subscribers: new Set(), reading: false, again: false, timer: setInterval(() => this.refresh(id), SAFETY_READ_MS) };
      watched.timer.unref();
      this.watched.set(id, watched);
      watched.subscribers.add(subscriber);
      this.refresh(id);
    } else {
      watched.subscribers.add(subscriber);
      const last = watched.last;
      // Current: every change after `last` was read triggers another read.
      if (last) queueMicrotask(() => subscriber(last.snapshot));
    }
    return () => this.unsubscribe(id, subscriber);
  }

  async close(): Promise<void> {
    for (const watched of this.watched.values()) clearInterval(watched.timer);
    this.watched.clear();
    const listening = this.listening;
    this.listening = undefined;
    if (listening) await (await listening.catch(() => async () => {}))().catch(() => {});
  }

  private listen(): Promise<unknown> {
    this.listening ??= listenRowChanges(this.db, this.rows.channel, {
      onChange: ({ id, version }) => {
        const watched = this.watched.get(id);
        if (!watched) return;
        const seen = watched.last && this.rows.versionOf(watched.last.snapshot);
        if (seen !== undefined && seen >= version) return;
        this.refresh(id);
      },
      // First listen or a reconnect: whatever changed meanwhile is read now.
      onListen: () => {
        for (const id of this.watched.keys()) this.refresh(id);
      },
    });
    // A failed listen is retried by the next subscriber rather than cached.
    this.listening.catch(() => (this.listening = undefined));
    return this.listening;
  }

  private unsubscribe(id: string, subscriber: Subscriber<S>): void {
    const watched = this.watched.get(id);
    if (!watched) return;
    watched.subscribers.delete(subscriber);
    if (watched.subscribers.size > 0) return;
    clearInterval(watched.timer);
    this.watched.delete(id);
  }

  /** Reads the subject once and tells its subscribers; changes during a read cause one more read. */
  private refresh(id: string): void {
    const watched = this.watched.get(id);
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
          const snapshot = await this.rows.read(id);
          if (this.watched.get(id) !== watched) return;
          watched.last = { snapshot };
          for (const subscriber of [...watched.subscribers]) subscriber(snapshot);
        } catch (err) {
          // The safety read retries; the streams stay open meanwhile.
          this.log.warn({ err, id }, `${this.rows.subject} stream read failed`);
        }
      } while (watched.again);
      watched.reading = false;
    })();
  }
}
