import type { ServerResponse } from 'node:http';
import type { Database } from '../../../db/client.ts';
import type { Plan } from '../../../db/schema/index.ts';
import type { Logger } from '../../../platform/logger.ts';
import { StreamSlots } from './stream-slots.ts';

/** A comment line this often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 15_000;
/** How long shutdown waits for the streams' leases to be released before it lets the close go on. */
const SHUTDOWN_WAIT_MS = 2_000;

/**
 * The last message of a stream the server closes while its subject goes on: reconnect (to any
 * replica) with Last-Event-ID. `retry` is the SSE reconnection delay in ms.
 */
const SHUTDOWN_MESSAGE = `event: shutdown\nretry: 1000\ndata: ${JSON.stringify({ reason: 'server shutting down', reconnect: true })}\n\n`;

/**
 * How one stream follows its subject (a job, an agent run): writes its events to `out` after
 * `lastEventId` and calls `finish` once the subject has ended. Resolves to the unfollow.
 */
export type Follow = (subjectId: string, lastEventId: number, out: ServerResponse, finish: () => void) => Promise<() => void>;

interface OpenStream {
  out: ServerResponse;
  finish(): void;
  /** Settles when the stream has ended and its lease is released. */
  done: Promise<void>;
}

/**
 * The live-stream hub of one kind of subject (job streams, agent run streams): Server-Sent
 * Events written by `follow`, a keep-alive comment, open streams capped per user through
 * database leases (StreamSlots, so the cap holds across replicas), and a `shutdown` event to
 * every open stream when the process stops. One instance per kind and HTTP application.
 */
export class EventStreams {
  private readonly open = new Map<string, OpenStream>();
  private readonly timer: NodeJS.Timeout;
  private readonly slots: StreamSlots;
  private closing = false;

  constructor(
    db: Database,
    private readonly log: Logger,
    /** Named in the shutdown log line: 'job', 'agent run'. */
    private readonly subject: string,
    private readonly follow: Follow,
  ) {
    this.slots = new StreamSlots(db, log);
    this.timer = setInterval(() => this.keepAlive(), KEEPALIVE_MS);
    this.timer.unref();
  }

  /** Takes a stream slot of the user's plan (StreamSlots.take: 429 beyond it, 503 when shutting down). */
  admit(user: { id: string; plan: Plan }, subjectId: string): Promise<string> {
    return this.slots.take(user, subjectId);
  }

  /** Writes the subject's events to `out` until it has ended, the client leaves or shutdown; then ends it and frees the slot. */
  async serve(lease: string, subjectId: string, lastEventId: number, out: ServerResponse, closed: AbortSignal): Promise<void> {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let settle!: () => void;
    const stream: OpenStream = { out, finish, done: new Promise<void>((resolve) => (settle = resolve)) };
    this.open.set(lease, stream);
    closed.addEventListener('abort', finish, { once: true });
    if (closed.aborted || this.closing) finish();
    let unfollow = () => {};
    try {
      unfollow = await this.follow(subjectId, lastEventId, out, finish);
      await finished;
    } finally {
      unfollow();
      closed.removeEventListener('abort', finish);
      this.open.delete(lease);
      if (!out.writableEnded) out.end();
      await this.slots.release(lease);
      settle();
    }
  }

  /**
   * Before the HTTP server closes: every open stream gets the `shutdown` event and is ended, so
   * closing never waits on a subject that outlives the process; their leases are released.
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
    if (streams.length > 0) this.log.info({ streams: streams.length }, `${this.subject} streams closed for shutdown`);
  }

  private keepAlive(): void {
    for (const stream of this.open.values()) if (!stream.out.writableEnded) stream.out.write(': keep-alive\n\n');
  }
}
