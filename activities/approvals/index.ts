import { appendAudit } from '../../db/audit/append.ts';
import type { Database } from '../../db/client.ts';
import { shownServerName } from '../../db/registry/server-keys.ts';
import { decideCallApproval, findCallApproval, insertCallApproval } from '../../db/trust/call-approvals.ts';
import { callPolicyInputs } from '../../db/trust/call-policies.ts';
import type { ApprovalStatus } from '../../db/schema/index.ts';
import { stableUuid } from '../../domain/stable-id.ts';
import { approvalRequestedEvent } from '../../domain/trust/approval-event.ts';
import type { EventPublisher } from '../../platform/event-publisher.ts';
import { decideCall } from '../../domain/trust/call-policy.ts';
import type { CallDecision } from '../../domain/trust/call-policy.ts';

/**
 * The side of a call approval that a run takes (issue 37, item 3). Idempotent: an approval's
 * id is derived from its call, and an expiry that lost to a decision returns that decision.
 */
export function createApprovalActivities(deps: { db: Database; events: EventPublisher; callApprovalWaitMs: number }) {
  return {
    /** The approval's status now: a run that starts after its owner decided (a restarted orphan) needs no signal. */
    async callApprovalStatus(input: { approvalId: string }): Promise<ApprovalStatus> {
      // A row never written (its API died first) is a call nobody can approve.
      return (await findCallApproval(deps.db, input.approvalId))?.status ?? 'expired';
    },

    /** At the deadline (or when the run gives up waiting): expired, unless a decision got there first. */
    async expireCallApproval(input: { approvalId: string }): Promise<ApprovalStatus> {
      const expired = await decideCallApproval(deps.db, input.approvalId, 'expired', 'system');
      if (expired) {
        await appendAudit(deps.db, {
          actor: { kind: 'system' },
          action: 'call_approval.expire',
          target: `${shownServerName(expired.serverName)}/${expired.toolName}`,
          details: { approval_id: expired.id, run_kind: expired.runKind, run_id: expired.runId },
        });
        return 'expired';
      }
      return (await findCallApproval(deps.db, input.approvalId))?.status ?? 'expired';
    },

    /**
     * The policy check of one tool call of an agent run (the API checks direct runs and jobs
     * before they start): allow, deny, or ask, which opens the approval the run then waits on,
     * for at most `maxWaitMs` (what is left of the run's own limit).
     */
    async gateAgentCall(input: { runId: string; callId: string; userId: string; server: string; tool: string; arguments: Record<string, unknown>; maxWaitMs: number }): Promise<{
      decision: CallDecision;
      reason: string;
      wait?: { id: string; waitMs: number };
    }> {
      const { annotations, policies } = await callPolicyInputs(deps.db, input.userId, input.server, input.tool);
      const verdict = decideCall(annotations, policies);
      if (verdict.decision !== 'ask') return verdict;
      const waitMs = Math.min(deps.callApprovalWaitMs, input.maxWaitMs);
      const id = stableUuid(input.callId, 'call-approval');
      const existing = await findCallApproval(deps.db, id);
      const row =
        existing ??
        (await insertCallApproval(deps.db, {
          id,
          userId: input.userId,
          serverName: input.server,
          toolName: input.tool,
          arguments: input.arguments,
          reason: verdict.reason,
          runKind: 'agent',
          runId: input.runId,
          expiresAt: new Date(Date.now() + waitMs),
        }));
      if (!existing) {
        await appendAudit(deps.db, {
          actor: { kind: 'user', id: input.userId },
          action: 'call_approval.request',
          target: `${shownServerName(input.server)}/${input.tool}`,
          details: { approval_id: id, run_kind: 'agent', run_id: input.runId, reason: verdict.reason, argument_names: Object.keys(input.arguments) },
        });
      }
      // Idempotent (the event's id is the approval's): a retried activity sends one event.
      await deps.events.publish(approvalRequestedEvent({ ...row, serverShown: shownServerName(row.serverName), argumentNames: Object.keys(row.arguments) }));
      return { ...verdict, wait: { id: row.id, waitMs: Math.max(1, row.expiresAt.getTime() - Date.now()) } };
    },
  };
}
