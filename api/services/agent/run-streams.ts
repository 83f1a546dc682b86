import { findRun, listSteps } from '../../../db/agent/runs.ts';
import type { Database } from '../../../db/client.ts';
import { AGENT_RUN_CHANGES_CHANNEL } from '../../../db/notify/listen.ts';
import type { AgentRunRow } from '../../../db/schema/index.ts';
import type { Logger } from '../../../platform/logger.ts';
import { ChangeWatch } from '../streams/change-watch.ts';
import { EventStreams } from '../streams/event-streams.ts';
import type { Follow } from '../streams/event-streams.ts';
import { runView } from './runs.ts';

/**
 * GET /agent/runs/{id}/stream (decisions.md, "Agent runs"): Server-Sent Events like the job
 * stream — one `step` event per transcript entry (event id = its seq, so a reconnect with
 * Last-Event-ID gets only what it lacks), then one `run` event with the ended run, then the
 * end. Changes arrive on the process's one LISTEN of agent_run_changes (migration 0010); the
 * run is read once per change whatever the number of its streams, each stream then reads only
 * the transcript entries it lacks.
 */
export class AgentRunStreams extends EventStreams {
  private readonly watch: ChangeWatch<AgentRunRow | null>;

  constructor(db: Database, log: Logger) {
    const watch = new ChangeWatch<AgentRunRow | null>(db, log, {
      channel: AGENT_RUN_CHANGES_CHANNEL,
      subject: 'agent run',
      read: async (runId) => (await findRun(db, runId)) ?? null,
      versionOf: (run) => run?.version,
    });
    super(db, log, 'agent run', followRun(db, log, watch));
    this.watch = watch;
  }

  override async shutdown(): Promise<void> {
    await super.shutdown();
    await this.watch.close();
  }
}

function followRun(db: Database, log: Logger, watch: ChangeWatch<AgentRunRow | null>): Follow {
  return (runId, lastEventId, out, finish) => {
    /** Transcript entries up to this seq were sent. */
    let sent = lastEventId;
    let ended = false;
    // One snapshot at a time, in order: each reads the entries after what the previous one sent.
    let sending = Promise.resolve();
    const send = async (run: AgentRunRow | null) => {
      if (ended) return;
      if (!run) {
        ended = true;
        return finish();
      }
      try {
        // The run was read first: an ended run's transcript is complete when read after it.
        const steps = await listSteps(db, runId, sent);
        for (const step of steps) {
          if (out.writableEnded) return;
          const seq = Number(step.seq);
          out.write(`id: ${seq}\nevent: step\ndata: ${JSON.stringify(step)}\n\n`);
          sent = seq;
        }
        if (run.status !== 'running') {
          const { transcript: _transcript, ...view } = runView(run, []);
          if (!out.writableEnded) out.write(`event: run\ndata: ${JSON.stringify(view)}\n\n`);
          ended = true;
          finish();
        }
      } catch (err) {
        log.warn({ err, runId }, 'agent run stream read failed');
      }
    };
    return watch.subscribe(runId, (run) => {
      sending = sending.then(() => send(run));
    });
  };
}
