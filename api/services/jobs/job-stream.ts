import type { Database } from '../../../db/client.ts';
import type { Logger } from '../../../platform/logger.ts';
import { EventStreams } from '../streams/event-streams.ts';
import type { Follow } from '../streams/event-streams.ts';
import type { JobWatch } from './job-watch.ts';

/**
 * GET /jobs/{id}/stream (decisions.md, "Job stream" and "Job streams"): Server-Sent Events,
 * one `job` event per change of the projection, each carrying the whole Job; the event id is
 * the row's version, so a client that reconnects with Last-Event-ID gets the current Job if
 * it changed since, and nothing it already has. The stream ends after a final state, or with
 * a `shutdown` event when the process stops. Changes come from the process's one JobWatch,
 * not from a poll per stream. One instance per HTTP application.
 */
export class JobStreams extends EventStreams {
  /** `watch`: the application's one change notifier, shared with every other face that follows jobs. */
  constructor(db: Database, log: Logger, watch: JobWatch) {
    super(db, log, 'job', followJob(watch));
  }
}

function followJob(watch: JobWatch): Follow {
  return (jobId, lastEventId, out, finish) => {
    let sent = lastEventId;
    return watch.subscribe(jobId, (snapshot) => {
      if (snapshot.gone) return finish();
      if (snapshot.version > sent && !out.writableEnded) {
        out.write(snapshot.message);
        sent = snapshot.version;
      }
      if (snapshot.final) finish();
    });
  };
}
