import { and, desc, eq, gte, lt, lte } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { auditLog } from '../schema/index.ts';
import type { AuditRow } from '../schema/index.ts';

export interface AuditFilter {
  action?: string;
  actorId?: string;
  actorKind?: 'user' | 'admin' | 'system';
  target?: string;
  since?: Date;
  until?: Date;
  /** Cursor: rows older than this id (newest first). */
  beforeId?: number;
  limit: number;
}

/** Audit rows newest first, one more than `limit` so the caller knows whether a next page exists. */
export async function listAudit(db: Database, filter: AuditFilter): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.actorKind) conditions.push(eq(auditLog.actorKind, filter.actorKind));
  if (filter.target) conditions.push(eq(auditLog.target, filter.target));
  if (filter.since) conditions.push(gte(auditLog.at, filter.since));
  if (filter.until) conditions.push(lte(auditLog.at, filter.until));
  if (filter.beforeId !== undefined) conditions.push(lt(auditLog.id, filter.beforeId));
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit + 1);
}
