import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { queryEvents, queryLogs, toolSelections } from '../schema/index.ts';

export type NewQueryEvent = typeof queryEvents.$inferInsert;

export async function insertQueryEvent(db: Database, event: NewQueryEvent): Promise<void> {
  await db.insert(queryEvents).values(event).onConflictDoNothing({ target: queryEvents.id });
}

/** The user's query history, newest first. */
export async function listQueryEvents(db: Database, userId: string, limit: number) {
  return db.select().from(queryEvents).where(eq(queryEvents.userId, userId)).orderBy(desc(queryEvents.createdAt), desc(queryEvents.id)).limit(limit);
}

export async function insertQueryLog(db: Database, row: typeof queryLogs.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(queryLogs).values(row).returning({ id: queryLogs.id });
  return inserted.id;
}

/**
 * Records a selection or rejection; a selection that names one of the user's query events is
 * also appended to that event's `selected_tools` (once).
 */
export async function insertSelection(db: Database, row: typeof toolSelections.$inferInsert): Promise<string> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(toolSelections).values(row).returning({ id: toolSelections.id });
    if (row.action === 'selected' && row.queryId && row.userId) {
      await tx
        .update(queryEvents)
        .set({ selectedTools: sql`${queryEvents.selectedTools} || ${JSON.stringify([row.toolName])}::jsonb` })
        .where(and(eq(queryEvents.id, row.queryId), eq(queryEvents.userId, row.userId), sql`not ${queryEvents.selectedTools} @> ${JSON.stringify([row.toolName])}::jsonb`));
    }
    return inserted.id;
  });
}

/**
 * Signed-in users who selected and who rejected each `server/tool` (tools logged without a
 * server are keyed `/tool`). One vote per user and action, and none from anonymous callers
 * (issue 33, item 7): every anonymous call moved the success rate that ranks everyone's results.
 */
export async function selectionCounts(db: Database): Promise<Map<string, { selected: number; rejected: number }>> {
  const rows = await db
    .select({
      server: toolSelections.server,
      tool: toolSelections.toolName,
      selected: sql<number>`count(distinct ${toolSelections.userId}) filter (where ${toolSelections.action} = 'selected')::int`,
      rejected: sql<number>`count(distinct ${toolSelections.userId}) filter (where ${toolSelections.action} = 'rejected')::int`,
    })
    .from(toolSelections)
    .where(isNotNull(toolSelections.userId))
    .groupBy(toolSelections.server, toolSelections.toolName);
  return new Map(rows.map((r) => [`${r.server ?? ''}/${r.tool}`, { selected: r.selected, rejected: r.rejected }]));
}
