import { getTableColumns, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The `set` of an upsert (`onConflictDoUpdate`) that overwrites each column the inserted row
 * gives with the proposed value (`excluded.<column>`), except the conflict target's (`keep`).
 * The column list is the row's own, so a column added to the insert is updated too, rather
 * than kept stale by a second hand-written list. Spread it and override what differs.
 */
export function excludedSet<T extends PgTable>(
  table: T,
  row: T['$inferInsert'],
  keep: readonly (keyof T['$inferInsert'] & string)[],
): Record<string, SQL> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const set: Record<string, SQL> = {};
  for (const key of Object.keys(row)) {
    if ((keep as readonly string[]).includes(key) || !columns[key]) continue;
    set[key] = sql`excluded.${sql.identifier(columns[key].name)}`;
  }
  return set;
}
