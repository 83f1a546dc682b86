import { ApplicationFailure } from '@temporalio/common';
import { appendAudit } from '../../db/audit/append.ts';
import type { Database } from '../../db/client.ts';
import { shownServerName } from '../../db/registry/server-keys.ts';
import { approvalWaitOf, decideCallApproval, findCallApproval, insertCallApproval } from '../../db/trust/call-approvals.ts';
import type { CallToApprove } from '../../db/trust/call-approvals.ts';
import { callPolicyInputs } from '../../db/trust/call-policies.ts';
import type { ApprovalStatus } from '../../db/schema/index.ts';
import { stableUuid } from '../../domain/stable-id.ts';
import { approvalRequestedEvent } from '../../domain/trust/approval-event.ts';
import type { EventPublisher } from '../../platform/event-publisher.ts';
import { decideCall } from '../../domain/trust/call-policy.ts';
import type { CallDecision } from '../../domain/trust/call-policy.ts';
import { findJob } from '../../db/jobs/jobs.ts';
import type { ApprovalWait } from '../../contracts/index.ts';

/**
 * The side of a call approval that a run takes (issue 37, item 3). Idempotent: an approval's
 * id is derived from its call, and an expiry that lost to a decision returns that decision.
 */
export function createApprovalActivities(deps: { db: Database; events: EventPublisher; callApprovalWaitMs: number }) {
  /** Opens the approval a run waits on (row, audit, event), once: a retried activity finds its row and sends the same event. */
  async function requestApproval(call: CallToApprove, waitMs: number): Promise<ApprovalWait> {
    const existing = await findCallApproval(deps.db, call.id);
    const row = existing ?? (await insertCallApproval(deps.db, call, waitMs));
    if (!existing) {
      await appendAudit(deps.db, {
        actor: { kind: 'user', id: call.userId },
        action: 'call_approval.request',
        target: `${shownServerName(call.server)}/${call.tool}`,
        details: { approval_id: call.id, run_kind: call.runKind, run_id: call.runId, reason: call.reason, argument_names: Object.keys(call.arguments) },
      });
    }
    // Idempotent (the event's id is the approval's).
    await deps.events.publish(approvalRequestedEvent({ ...row, serverShown: shownServerName(row.serverName), argumentNames: Object.keys(row.arguments) }));
    return approvalWaitOf(row);
  }

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
      wait?: ApprovalWait;
    }> {
      const { annotations, policies } = await callPolicyInputs(deps.db, input.userId, input.server, input.tool);
      const verdict = decideCall(annotations, policies);
      if (verdict.decision !== 'ask') return verdict;
      const call = { ...input, id: stableUuid(input.callId, 'call-approval'), reason: verdict.reason, runKind: 'agent' as const };
      return { ...verdict, wait: await requestApproval(call, Math.min(deps.callApprovalWaitMs, input.maxWaitMs)) };
    },

    /**
     * The approval of a job whose instance's start showed that its tool asks (policy-after-start.ts).
     * Its id is the one the API gives a job's approval, so a job never has two.
     */
    async requestJobApproval(input: { jobId: string; reason: string }): Promise<ApprovalWait> {
      const job = await findJob(deps.db, input.jobId);
      if (!job) throw ApplicationFailure.create({ type: 'JOB_GONE', message: `Job ${input.jobId} is gone`, nonRetryable: true });
      const call = { id: stableUuid(job.id, 'call-approval'), userId: job.userId, server: job.server, tool: job.tool, arguments: job.arguments, reason: input.reason };
      return requestApproval({ ...call, runKind: 'job', runId: job.id }, deps.callApprovalWaitMs);
    },
  };
}
