import { appendAudit } from '../../db/audit/append.ts';
import type { Database } from '../../db/client.ts';
import { decideCallApproval, findCallApproval } from '../../db/trust/call-approvals.ts';
import type { ApprovalStatus } from '../../db/schema/index.ts';

/**
 * The side of a call approval that a waiting run takes (issue 37, item 3): when nobody decided
 * before the deadline, the run marks the approval expired. Idempotent: a decision already
 * written (an approval that landed as the timer fired) is returned, and the run follows it.
 */
export function createApprovalActivities(deps: { db: Database }) {
  return {
    /** The approval's status now: a run that starts after its owner decided (a restarted orphan) needs no signal. */
    async callApprovalStatus(input: { approvalId: string }): Promise<ApprovalStatus> {
      // A row never written (its API died first) is a call nobody can approve.
      return (await findCallApproval(deps.db, input.approvalId))?.status ?? 'expired';
    },
    async expireCallApproval(input: { approvalId: string }): Promise<ApprovalStatus> {
      const expired = await decideCallApproval(deps.db, input.approvalId, 'expired', 'system');
      if (expired) {
        await appendAudit(deps.db, {
          actor: { kind: 'system' },
          action: 'call_approval.expire',
          target: `${expired.serverName}/${expired.toolName}`,
          details: { approval_id: expired.id, run_kind: expired.runKind, run_id: expired.runId },
        });
        return 'expired';
      }
      return (await findCallApproval(deps.db, input.approvalId))?.status ?? 'expired';
    },
  };
}
