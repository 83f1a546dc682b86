import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../client.ts';

/** The channel migration 0025's triggers announce on: a write to a table the availability facts read. */
export const FACTS_CHANGES_CHANNEL = 'availability_facts_changes';

/**
 * In the embedded mode (PGlite: this process owns the database, the worker included), turns on
 * the announcements of migration 0025 for the one session and listens to them; `onChange` runs
 * after every statement that wrote a table the facts read, once its transaction committed.
 * Returns the unlisten, or null on Postgres: other processes write there, and the facts are read
 * per request.
 */
export async function watchFactsChanges(db: Database, onChange: () => void): Promise<(() => Promise<void>) | null> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof PGlite)) return null;
  const unlisten = await client.listen(FACTS_CHANGES_CHANNEL, () => onChange());
  await client.exec(`set switchboard.facts_changes = 'on'`);
  return unlisten;
}
