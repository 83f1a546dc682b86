import { WorkflowNotFoundError } from '@temporalio/client';
import { CALL_DECISION_SIGNAL } from '../../../contracts/index.ts';
import type { CallDecisionSignal } from '../../../contracts/index.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import type { ApprovalStatus, CallApprovalRow } from '../../../db/schema/index.ts';
import { decideCallApproval, findCallApproval, listCallApprovals } from '../../../db/trust/call-approvals.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, invalidRequest, notFound } from '../../errors.ts';
import { approvalLinks } from './call-gate.ts';
import { recordAudit } from './record.ts';
import type { AuditContext } from './record.ts';

/** A caller of the approval operations: only the owner of a call decides it. */
export interface ApprovalCaller {
  deps: AppDeps;
  userId: string;
  audit: AuditContext;
}

/** One approval as every face shows it; the arguments are shown to their owner only. */
export function approvalView(row: CallApprovalRow) {
  return {
    id: row.id,
    server: shownServerName(row.serverName),
    tool: row.toolName,
    arguments: row.arguments,
    reason: row.reason,
    run_kind: row.runKind,
    run_id: row.runId,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    decided_by: row.decidedBy,
    links: approvalLinks(row.id),
  };
}

/** Another user's approval and an unknown id are one answer. */
async function ownApproval(caller: ApprovalCaller, id: string): Promise<CallApprovalRow> {
  const row = await findCallApproval(caller.deps.db, id);
  if (!row || row.userId !== caller.userId) throw notFound('NOT_FOUND', `No call approval ${id}`);
  return row;
}

export async function listApprovals(caller: ApprovalCaller, query: { status?: ApprovalStatus; cursor?: string; limit: number }) {
  const before = query.cursor === undefined ? undefined : new Date(query.cursor);
  if (before && Number.isNaN(before.getTime())) throw invalidRequest('cursor is not one this route gave', 'cursor');
  const rows = await listCallApprovals(caller.deps.db, caller.userId, { status: query.status, before, limit: query.limit });
  const page = rows.slice(0, query.limit);
  return { approvals: page.map(approvalView), next_cursor: rows.length > query.limit ? (page.at(-1)?.createdAt.toISOString() ?? null) : null };
}

export async function getApproval(caller: ApprovalCaller, id: string) {
  return approvalView(await ownApproval(caller, id));
}

/**
 * Approve or deny: the row first (the first decision stands; past its deadline it cannot be
 * approved), then the audit entry, then the signal to the waiting run. A run that has not
 * started yet reads the row when it does (workflows/approval-wait.ts), so a lost signal loses
 * nothing.
 */
export async function decideApproval(caller: ApprovalCaller, id: string, decision: 'approve' | 'deny') {
  const row = await ownApproval(caller, id);
  const status = decision === 'approve' ? 'approved' : 'denied';
  const decided = await decideCallApproval(caller.deps.db, id, status, `user:${caller.userId}`);
  if (!decided) {
    const now = (await findCallApproval(caller.deps.db, id)) ?? row;
    const why = now.status === 'pending' ? 'past its deadline' : now.status;
    throw new AppError('CONFLICT', `Call approval ${id} is ${why}, not pending`, { approval_id: id, status: now.status === 'pending' ? 'expired' : now.status });
  }
  await recordAudit(caller.deps, caller.audit, {
    action: `call_approval.${decision}`,
    target: `${shownServerName(row.serverName)}/${row.toolName}`,
    details: { approval_id: id, run_kind: row.runKind, run_id: row.runId, argument_names: Object.keys(row.arguments) },
  });
  const signal: CallDecisionSignal = { approvalId: id, status };
  try {
    await caller.deps.temporal.client.workflow.getHandle(row.runId).signal(CALL_DECISION_SIGNAL, signal);
  } catch (error) {
    // Ended already (canceled meanwhile) or not started yet (it reads the row when it starts).
    if (!(error instanceof WorkflowNotFoundError)) throw error;
  }
  return approvalView(decided);
}
