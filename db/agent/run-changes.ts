import { PGlite } from '@electric-sql/pglite';
import type { Sql } from 'postgres';
import type { Database } from '../client.ts';

/** The channel the agent_runs trigger (migration 0010) announces every version bump on. */
export const AGENT_RUN_CHANGES_CHANNEL = 'agent_run_changes';

/**
 * LISTENs for agent run changes ('<run id>:<version>') on whichever driver `db` runs, as
 * db/notify/job-changes.ts does for jobs: on Postgres one dedicated connection that
 * reconnects by itself (`onListen` again after each reconnect: changes in between may be
 * lost), on PGlite the notifications of this process's own writes. Returns the unlisten.
 */
export async function listenAgentRunChanges(
  db: Database,
  listener: { onListen(): void; onChange(change: { runId: string; version: number }): void },
): Promise<() => Promise<void>> {
  const client = (db as unknown as { $client: unknown }).$client;
  const onPayload = (payload: string) => {
    const [runId, version] = payload.split(':');
    if (runId && version) listener.onChange({ runId, version: Number(version) });
  };
  if (client instanceof PGlite) {
    const unlisten = await client.listen(AGENT_RUN_CHANGES_CHANNEL, onPayload);
    listener.onListen();
    return () => unlisten();
  }
  const { unlisten } = await (client as Sql).listen(AGENT_RUN_CHANGES_CHANNEL, onPayload, () => listener.onListen());
  return unlisten;
}
