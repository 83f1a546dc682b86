import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** One round trip that proves the database answers (health checks, the worker's probe). */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
