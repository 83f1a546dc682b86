import type { ServerResponse } from 'node:http';
import type { Database } from '../../../db/client.ts';
import type { Plan } from '../../../db/schema/index.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { JobWatch } from './job-watch.ts';
import { StreamSlots } from './stream-slots.ts';

/** A comment line this often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 15_000;
/** How long shutdown waits for the streams' leases to be released before it lets the close go on. */
const SHUTDOWN_WAIT_MS = 2_000;

/**
 * The last message of a stream the server closes while its job goes on: reconnect (to any
 * replica) with Last-Event-ID. `retry` is the SSE reconnection delay in ms.
 */
const SHUTDOWN_MESSAGE = `event: shutdown\nretry: 1000\ndata: ${JSON.stringify({ reason: 'server shutting down', reconnect: true })}\n\n`;

interface OpenStream {
  out: ServerResponse;
  finish(): void;
  /** Settles when the stream has ended and its lease is released. */
  done: Promise<void>;
}

/**
 * GET /jobs/{id}/stream (decisions.md, "Job stream" and "Job streams"): Server-Sent Events,
 * one `job` event per change of the projection, each carrying the whole Job; the event id is
 * the row's version, so a client that reconnects with Last-Event-ID gets the current Job if
 * it changed since, and nothing it already has. The stream ends after a final state, or with
 * a `shutdown` event when the process stops. Changes come from the process's one JobWatch,
 * not from a poll per stream; open streams are capped per user through database leases, so
 * the cap holds across replicas. One instance per HTTP application.
 */
export class JobStreams {
  private readonly open = new Map<string, OpenStream>();
  private readonly timer: NodeJS.Timeout;
  private readonly slots: StreamSlots;
  private closing = false;

  constructor(
    db: Database,
    private readonly log: Logger,
    /** The application's one change notifier, shared with every other face that follows jobs. */
    private readonly watch: JobWatch,
  ) {
    this.slots = new StreamSlots(db, log);
    this.timer = setInterval(() => this.keepAlive(), KEEPALIVE_MS);
    this.timer.unref();
  }

  /** Takes a stream slot of the user's plan (StreamSlots.take: 429 beyond it, 503 when shutting down). */
  admit(user: { id: string; plan: Plan }, jobId: string): Promise<string> {
    return this.slots.take(user, jobId);
  }

  /** Writes the job's events to `out` until a final state, the client leaving or shutdown; then ends it. */
  async serve(lease: string, jobId: string, lastEventId: number, out: ServerResponse, closed: AbortSignal): Promise<void> {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let settle!: () => void;
    const stream: OpenStream = { out, finish, done: new Promise<void>((resolve) => (settle = resolve)) };
    this.open.set(lease, stream);
    closed.addEventListener('abort', finish, { once: true });
    if (closed.aborted || this.closing) finish();
    let sent = lastEventId;
    let unsubscribe = () => {};
    try {
      unsubscribe = await this.watch.subscribe(jobId, (snapshot) => {
        if (snapshot.gone) return finish();
        if (snapshot.version > sent && !out.writableEnded) {
          out.write(snapshot.message);
          sent = snapshot.version;
        }
        if (snapshot.final) finish();
      });
      await finished;
    } finally {
      unsubscribe();
      closed.removeEventListener('abort', finish);
      this.open.delete(lease);
      if (!out.writableEnded) out.end();
      await this.slots.release(lease);
      settle();
    }
  }

  /**
   * Before the HTTP server closes: every open stream gets the `shutdown` event and is ended, so
   * closing never waits on a job that outlives the process; their leases are released.
   */
  async shutdown(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    this.slots.close();
    const streams = [...this.open.values()];
    for (const stream of streams) {
      if (!stream.out.writableEnded) stream.out.end(SHUTDOWN_MESSAGE);
      stream.finish();
    }
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_WAIT_MS)));
    await Promise.race([Promise.all(streams.map((s) => s.done)), bound]);
    clearTimeout(timer);
    if (streams.length > 0) this.log.info({ streams: streams.length }, 'job streams closed for shutdown');
  }

  private keepAlive(): void {
    for (const stream of this.open.values()) if (!stream.out.writableEnded) stream.out.write(': keep-alive\n\n');
  }
}
