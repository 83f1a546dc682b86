import type { ServerResponse } from 'node:http';
import { listenAgentRunChanges } from '../../../db/agent/run-changes.ts';
import { findRun, listSteps } from '../../../db/agent/runs.ts';
import type { Database } from '../../../db/client.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { Plan } from '../../../db/schema/index.ts';
import { StreamSlots } from '../jobs/stream-slots.ts';
import { runView } from './runs.ts';

const KEEPALIVE_MS = 15_000;
/** Per open stream, in case a notification was lost between a dropped LISTEN and its reconnect. */
const SAFETY_READ_MS = 10_000;
const SHUTDOWN_MESSAGE = `event: shutdown\nretry: 1000\ndata: ${JSON.stringify({ reason: 'server shutting down', reconnect: true })}\n\n`;

interface Stream {
  runId: string;
  out: ServerResponse;
  /** Transcript entries up to this seq were sent. */
  sent: number;
  reading: boolean;
  again: boolean;
  finish(): void;
}

/**
 * GET /agent/runs/{id}/stream (decisions.md, "Agent runs"): Server-Sent Events like the job
 * stream — one `step` event per transcript entry (event id = its seq, so a reconnect with
 * Last-Event-ID gets only what it lacks), then one `run` event with the ended run, then the
 * end. Changes arrive on the process's one LISTEN of agent_run_changes (migration 0010); a
 * stream reads only when its run changed, never on a poll of its own.
 */
export class AgentRunStreams {
  private readonly streams = new Set<Stream>();
  private listening?: Promise<() => Promise<void>>;
  private readonly keepAlive: NodeJS.Timeout;
  private readonly safety: NodeJS.Timeout;
  /** The same allowance as job streams: one count of a user's open streams. */
  private readonly slots: StreamSlots;
  private closing = false;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
  ) {
    this.slots = new StreamSlots(db, log);
    this.keepAlive = setInterval(() => {
      for (const s of this.streams) if (!s.out.writableEnded) s.out.write(': keep-alive\n\n');
    }, KEEPALIVE_MS);
    this.keepAlive.unref();
    this.safety = setInterval(() => this.refreshAll(), SAFETY_READ_MS);
    this.safety.unref();
  }

  /** Takes a stream slot of the user's plan (StreamSlots.take: 429 beyond it, 503 when shutting down). */
  admit(user: { id: string; plan: Plan }, runId: string): Promise<string> {
    return this.slots.take(user, runId);
  }

  /** Writes the run's events to `out` until it has ended, the client leaves or the server stops; then frees the slot. */
  async serve(lease: string, runId: string, lastEventId: number, out: ServerResponse, closed: AbortSignal): Promise<void> {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const stream: Stream = { runId, out, sent: lastEventId, reading: false, again: false, finish };
    closed.addEventListener('abort', finish, { once: true });
    if (closed.aborted || this.closing) finish();
    this.streams.add(stream);
    try {
      await this.listen();
      this.refresh(stream);
      await finished;
    } finally {
      this.streams.delete(stream);
      closed.removeEventListener('abort', finish);
      if (!out.writableEnded) out.end();
      await this.slots.release(lease);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.keepAlive);
    clearInterval(this.safety);
    this.slots.close();
    for (const s of this.streams) {
      if (!s.out.writableEnded) s.out.end(SHUTDOWN_MESSAGE);
      s.finish();
    }
    const listening = this.listening;
    this.listening = undefined;
    if (listening) await (await listening.catch(() => async () => {}))().catch(() => {});
  }

  private listen(): Promise<unknown> {
    this.listening ??= listenAgentRunChanges(this.db, {
      onChange: ({ runId }) => {
        for (const s of this.streams) if (s.runId === runId) this.refresh(s);
      },
      onListen: () => this.refreshAll(),
    });
    this.listening.catch(() => (this.listening = undefined));
    return this.listening;
  }

  private refreshAll(): void {
    for (const s of this.streams) this.refresh(s);
  }

  /** Sends what the stream lacks; a change during a read causes one more read. */
  private refresh(stream: Stream): void {
    if (stream.reading) {
      stream.again = true;
      return;
    }
    stream.reading = true;
    void (async () => {
      do {
        stream.again = false;
        try {
          // The run first: an ended run's transcript is complete when read after it.
          const run = await findRun(this.db, stream.runId);
          if (!run) return stream.finish();
          const steps = await listSteps(this.db, stream.runId, stream.sent);
          for (const step of steps) {
            if (stream.out.writableEnded) return;
            const seq = Number(step.seq);
            stream.out.write(`id: ${seq}\nevent: step\ndata: ${JSON.stringify(step)}\n\n`);
            stream.sent = seq;
          }
          if (run.status !== 'running') {
            const { transcript: _transcript, ...ended } = runView(run, []);
            if (!stream.out.writableEnded) stream.out.write(`event: run\ndata: ${JSON.stringify(ended)}\n\n`);
            return stream.finish();
          }
        } catch (err) {
          this.log.warn({ err, runId: stream.runId }, 'agent run stream read failed');
        }
      } while (stream.again);
      stream.reading = false;
    })();
  }
}
