import { PGlite } from '@electric-sql/pglite';
import type { Sql } from 'postgres';
import type { Database } from '../client.ts';

/** The channel migration 0008's trigger announces every job version bump on ('<job id>:<version>'). */
export const JOB_CHANGES_CHANNEL = 'job_changes';
/** The channel the agent_runs trigger (migration 0010) announces every version bump on ('<run id>:<version>'). */
export const AGENT_RUN_CHANGES_CHANNEL = 'agent_run_changes';

/** One row's version bump, as the triggers announce it. */
export interface RowChange {
  id: string;
  version: number;
}

export interface RowChangeListener {
  /** Called after the listen is in place and again after every reconnect: changes in between may be lost. */
  onListen(): void;
  onChange(change: RowChange): void;
}

/**
 * LISTENs on `channel` (payloads '<id>:<version>') on whichever driver `db` runs. On Postgres
 * postgres.js keeps one dedicated connection for it (outside the pool) and reconnects by
 * itself; on PGlite the notifications of this process's own writes (the in-process worker's)
 * arrive in process. Returns the unlisten.
 */
export async function listenRowChanges(db: Database, channel: string, listener: RowChangeListener): Promise<() => Promise<void>> {
  const client = (db as unknown as { $client: unknown }).$client;
  const onPayload = (payload: string) => {
    const [id, version] = payload.split(':');
    if (id && version) listener.onChange({ id, version: Number(version) });
  };
  if (client instanceof PGlite) {
    const unlisten = await client.listen(channel, onPayload);
    listener.onListen();
    return () => unlisten();
  }
  const { unlisten } = await (client as Sql).listen(channel, onPayload, () => listener.onListen());
  return unlisten;
}
