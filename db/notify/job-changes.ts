import { PGlite } from '@electric-sql/pglite';
import type { Sql } from 'postgres';
import type { Database } from '../client.ts';

/** The channel migration 0008's trigger announces every job version bump on. */
export const JOB_CHANGES_CHANNEL = 'job_changes';

export interface JobChange {
  jobId: string;
  version: number;
}

export interface JobChangeListener {
  /** Called after the listen is in place and again after every reconnect: changes in between may be lost. */
  onListen(): void;
  onChange(change: JobChange): void;
}

/**
 * LISTENs for job changes on whichever driver `db` runs. On Postgres postgres.js keeps one
 * dedicated connection for it (outside the pool) and reconnects by itself; on PGlite the
 * notifications of this process's own writes (the in-process worker's) arrive in process.
 * Returns the unlisten.
 */
export async function listenJobChanges(db: Database, listener: JobChangeListener): Promise<() => Promise<void>> {
  const client = (db as unknown as { $client: unknown }).$client;
  const onPayload = (payload: string) => {
    const [jobId, version] = payload.split(':');
    if (jobId && version) listener.onChange({ jobId, version: Number(version) });
  };
  if (client instanceof PGlite) {
    const unlisten = await client.listen(JOB_CHANGES_CHANNEL, onPayload);
    listener.onListen();
    return () => unlisten();
  }
  const { unlisten } = await (client as Sql).listen(JOB_CHANGES_CHANNEL, onPayload, () => listener.onListen());
  return unlisten;
}
