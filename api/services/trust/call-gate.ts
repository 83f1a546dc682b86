import { randomUUID } from 'node:crypto';
import type { ApprovalWait } from '../../../contracts/index.ts';
import type { ToolTarget } from '../../../db/jobs/tool-target.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import type { CallApprovalRow } from '../../../db/schema/index.ts';
import { approvalWaitOf, insertCallApproval } from '../../../db/trust/call-approvals.ts';
import type { CallToApprove } from '../../../db/trust/call-approvals.ts';
import { callPolicyInputs } from '../../../db/trust/call-policies.ts';
import { decideCall } from '../../../domain/trust/call-policy.ts';
import { approvalRequestedEvent } from '../../../domain/trust/approval-event.ts';
import type { CallVerdict } from '../../../domain/trust/call-policy.ts';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, userContext } from './record.ts';

/**
 * The policy check of every run (issue 37, item 3), before anything starts: `allow` runs,
 * `ask` waits for the owner (openCallApproval), `deny` throws 403 CALL_DENIED here, so a denied
 * call never reaches a workflow, let alone the server. The admin key acting as no user has no
 * policy and no one to ask: its calls run (it is the operator).
 */
export async function callVerdict(deps: Pick<AppDeps, 'db'>, target: Pick<ToolTarget, 'server' | 'tool'>, userId: string | null): Promise<CallVerdict> {
  if (!userId) return { decision: 'allow', reason: 'the admin key has no policy' };
  const { annotations, policies } = await callPolicyInputs(deps.db, userId, target.server, target.tool);
  const verdict = decideCall(annotations, policies);
  if (verdict.decision === 'deny') {
    const ref = `${shownServerName(target.server)}/${target.tool}`;
    throw new AppError('CALL_DENIED', `Call to ${ref} refused: ${verdict.reason}. Change it with PUT /call_policies.`, { server: shownServerName(target.server), tool: target.tool, reason: verdict.reason });
  }
  return verdict;
}

/** Where a person decides an approval, for errors, tool results and webhook events. */
export const approvalLinks = (id: string) => ({ approve: `/call_approvals/${id}/approve`, deny: `/call_approvals/${id}/deny`, console: `/console/approvals` });

/**
 * Opens the approval a run waits on: the row (the queue the owner reads) and its audit entry.
 * The audit names the arguments, never their values: they may hold what a credential would.
 */
export async function openCallApproval(
  deps: Pick<AppDeps, 'db' | 'config' | 'events'>,
  call: Omit<CallToApprove, 'id'> & { id?: string },
): Promise<{ row: CallApprovalRow; wait: ApprovalWait }> {
  const row = await insertCallApproval(deps.db, { ...call, id: call.id ?? randomUUID() }, deps.config.CALL_APPROVAL_WAIT_SECONDS * 1000);
  await recordAudit(deps, userContext(call.userId), {
    action: 'call_approval.request',
    target: `${shownServerName(call.server)}/${call.tool}`,
    details: { approval_id: row.id, run_kind: call.runKind, run_id: call.runId, reason: call.reason, argument_names: Object.keys(call.arguments) },
  });
  await deps.events.publish(
    approvalRequestedEvent({ ...row, serverShown: shownServerName(row.serverName), argumentNames: Object.keys(row.arguments) }),
  );
  return { row, wait: approvalWaitOf(row) };
}
