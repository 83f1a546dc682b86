import { appendAudit } from '../../../db/audit/append.ts';
import type { AuditActor } from '../../../db/audit/append.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import type { HoldStatus } from '../../../db/schema/index.ts';
import { approveHold, findHold, listHolds, rejectHold } from '../../../db/trust/holds.ts';
import type { HoldWithOwner } from '../../../db/trust/holds.ts';
import { canonicalJson, pinnedFields } from '../../../domain/trust/tool-pin.ts';
import type { ToolDefinition } from '../../../domain/trust/tool-pin.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import { runReindex } from '../registry/sync.ts';

/** Who asks: an admin decides every hold; a user only those on their own custom servers. */
export interface TrustCaller {
  deps: AppDeps;
  userId: string | null;
  admin: boolean;
  requestId: string;
}

export const actorOf = (caller: Pick<TrustCaller, 'userId' | 'admin'>): AuditActor =>
  caller.userId ? { kind: caller.admin ? 'admin' : 'user', id: caller.userId } : { kind: 'admin', id: null };

const FIELDS = ['title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const;

/** Field by field, what a held definition changes from its pin (everything, for a tool without one). */
export function definitionChanges(previous: ToolDefinition | null, proposed: ToolDefinition) {
  const before = previous ? pinnedFields(previous) : null;
  const after = pinnedFields(proposed);
  return FIELDS.filter((field) => !before || canonicalJson(before[field] ?? null) !== canonicalJson(after[field] ?? null)).map((field) => ({
    field,
    old: before ? (before[field] ?? null) : null,
    new: after[field] ?? null,
  }));
}

function summary(hold: HoldWithOwner) {
  return {
    id: hold.id,
    server: shownServerName(hold.serverName),
    tool: hold.toolName,
    kind: hold.kind,
    status: hold.status,
    findings: hold.findings,
    version: hold.version,
    source: hold.source,
    created_at: hold.createdAt.toISOString(),
    decided_at: hold.decidedAt?.toISOString() ?? null,
    decided_by: hold.decidedBy,
  };
}

function detail(hold: HoldWithOwner) {
  return { ...summary(hold), previous: hold.previous, proposed: hold.proposed, changes: definitionChanges(hold.previous, hold.proposed) };
}

/** Hidden and not found are one answer: a user learns nothing of holds on servers not theirs. */
async function visibleHold(caller: TrustCaller, id: string): Promise<HoldWithOwner> {
  const hold = await findHold(caller.deps.db, id);
  if (!hold || (!caller.admin && (hold.ownerUserId === null || hold.ownerUserId !== caller.userId))) throw notFound('NOT_FOUND', `No tool hold ${id}`);
  return hold;
}

export async function listToolHolds(caller: TrustCaller, query: { status?: HoldStatus; cursor?: string; limit: number }) {
  if (!caller.admin && !caller.userId) throw forbidden();
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await listHolds(caller.deps.db, { status: query.status, before, limit: query.limit, ...(caller.admin ? {} : { ownerUserId: caller.userId! }) });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { holds: page.map(summary), next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}

export async function getToolHold(caller: TrustCaller, id: string) {
  return detail(await visibleHold(caller, id));
}

/**
 * Approve or reject: the decision, the search index brought in step (the tool enters or stays
 * out of ranking) and the audit row. A hold decided already is a 409 naming its status.
 */
export async function decideToolHold(caller: TrustCaller, id: string, decision: 'approve' | 'reject') {
  const hold = await visibleHold(caller, id);
  const decidedBy = caller.userId ? `${caller.admin ? 'admin' : 'user'}:${caller.userId}` : 'admin';
  const decided = await (decision === 'approve' ? approveHold : rejectHold)(caller.deps.db, id, decidedBy);
  if (!decided) throw new AppError('CONFLICT', `Tool hold ${id} is ${hold.status}, not pending`, { hold_id: id, status: hold.status });
  await appendAudit(caller.deps.db, {
    actor: actorOf(caller),
    action: `tool_hold.${decision}`,
    target: `${shownServerName(hold.serverName)}/${hold.toolName}`,
    requestId: caller.requestId,
    details: { hold_id: id, kind: hold.kind, rules: [...new Set(hold.findings.map((f) => f.rule))] },
  });
  await runReindex(caller.deps.temporal, [hold.serverName], false);
  return detail({ ...decided, ownerUserId: hold.ownerUserId });
}

function encodeCursor(hold: HoldWithOwner): string {
  return Buffer.from(`${hold.createdAt.toISOString()}|${hold.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(createdAt.getTime())) throw new AppError('INVALID_REQUEST', 'cursor is not one this route gave', { parameter: 'cursor', reason: 'invalid' });
  return { createdAt, id };
}
