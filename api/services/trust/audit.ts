import { listAudit } from '../../../db/audit/query.ts';
import type { AuditFilter } from '../../../db/audit/query.ts';
import type { AuditRow } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../context.ts';

export interface AuditQuery {
  action?: string;
  actor_id?: string;
  actor_kind?: 'user' | 'admin' | 'system';
  target?: string;
  since?: string;
  until?: string;
  cursor?: number;
  limit: number;
}

/** An audit row as every face shows it (REST page, JSON lines export, console, CLI). */
export function auditEntry(row: AuditRow) {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { kind: row.actorKind, id: row.actorId },
    action: row.action,
    target: row.target,
    request_id: row.requestId,
    details: row.details,
  };
}

function filterOf(query: AuditQuery): AuditFilter {
  return {
    action: query.action,
    actorId: query.actor_id,
    actorKind: query.actor_kind,
    target: query.target,
    since: query.since ? new Date(query.since) : undefined,
    until: query.until ? new Date(query.until) : undefined,
    beforeId: query.cursor,
    limit: query.limit,
  };
}

/** One page, newest first; `next_cursor` is the id to pass as `cursor` for the page after. */
export async function listAuditLog(deps: AppDeps, query: AuditQuery) {
  const rows = await listAudit(deps.db, filterOf(query));
  const page = rows.slice(0, query.limit);
  return { entries: page.map(auditEntry), next_cursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
}

/** Most rows one export holds; a SIEM pulls more with `until` (or `cursor`) from the last line. */
export const EXPORT_MAX_ROWS = 50_000;
const EXPORT_PAGE = 1_000;

/** Every matching row as JSON lines, newest first, up to EXPORT_MAX_ROWS (read a page at a time). */
export async function exportAuditLog(deps: AppDeps, query: Omit<AuditQuery, 'limit'>): Promise<string> {
  const lines: string[] = [];
  let cursor = query.cursor;
  while (lines.length < EXPORT_MAX_ROWS) {
    const rows = await listAudit(deps.db, filterOf({ ...query, cursor, limit: EXPORT_PAGE }));
    const page = rows.slice(0, EXPORT_PAGE);
    for (const row of page) lines.push(JSON.stringify(auditEntry(row)));
    if (rows.length <= EXPORT_PAGE) break;
    cursor = page.at(-1)!.id;
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
