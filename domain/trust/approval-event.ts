import { stableUuid } from '../stable-id.ts';

/**
 * The `approval.requested` webhook event of a call that waits for its owner (issue 37, item 3):
 * where to decide it, never the arguments' values (a receiver that logs payloads would keep
 * them); the owner reads those in the console, the CLI or GET /call_approvals/{id}. Its id is
 * derived from the approval, so a retried publish sends one event.
 */
export interface WaitingCall {
  id: string;
  userId: string;
  serverShown: string;
  toolName: string;
  reason: string;
  runKind: string;
  runId: string;
  expiresAt: Date;
  argumentNames: string[];
}

export function approvalRequestedEvent(row: WaitingCall) {
  return {
    id: stableUuid(row.id, 'approval.requested'),
    kind: 'approval.requested' as const,
    userId: row.userId,
    data: {
      approval_id: row.id,
      server: row.serverShown,
      tool: row.toolName,
      reason: row.reason,
      run_kind: row.runKind,
      run_id: row.runId,
      argument_names: row.argumentNames,
      expires_at: row.expiresAt.toISOString(),
      links: { approve: `/call_approvals/${row.id}/approve`, deny: `/call_approvals/${row.id}/deny`, show: `/call_approvals/${row.id}`, console: '/console/approvals' },
    },
  };
}
