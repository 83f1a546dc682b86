import type { Database } from '../client.ts';
import { analyticsEvents, toolLogs } from '../schema/index.ts';

export type AnalyticsEventInput = typeof analyticsEvents.$inferInsert;
export type ToolLogInput = typeof toolLogs.$inferInsert;

export async function insertAnalyticsEvent(db: Database, event: AnalyticsEventInput) {
  const [row] = await db.insert(analyticsEvents).values(event).returning({ id: analyticsEvents.id, createdAt: analyticsEvents.createdAt });
  return row;
}

/** Inserts a batch; logs whose id was already stored are skipped, so a re-sent batch counts once. */
export async function insertToolLogs(db: Database, logs: ToolLogInput[]): Promise<number> {
  if (!logs.length) return 0;
  const rows = await db.insert(toolLogs).values(logs).onConflictDoNothing({ target: toolLogs.id }).returning({ id: toolLogs.id });
  return rows.length;
}
