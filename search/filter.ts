import type { SearchFilter, ToolDocument } from './types.ts';

/** Whether a document passes a search filter: every given condition must hold (search/README.md). */
export function matchesFilter(doc: ToolDocument, filter: SearchFilter | undefined): boolean {
  if (!filter) return true;
  if (filter.server !== undefined && doc.server !== filter.server) return false;
  if (filter.servers && !filter.servers.includes(doc.server)) return false;
  if (filter.category !== undefined && doc.category !== filter.category) return false;
  if (filter.ownerUserIds && !filter.ownerUserIds.includes(doc.ownerUserId ?? null)) return false;
  return true;
}
