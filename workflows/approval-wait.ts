import { CancellationScope, condition, defineSignal, isCancellation, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { CALL_DECISION_SIGNAL } from '../contracts/run.ts';
import type { ApprovalWait, CallDecisionSignal } from '../contracts/run.ts';

/** The owner's decision on a waiting call (the API writes the row, then signals). */
export const callDecision = defineSignal<[CallDecisionSignal]>(CALL_DECISION_SIGNAL);

const approvals = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

export type ApprovalOutcome = 'approved' | 'denied' | 'expired';

/**
 * Waits for the owner's decision on one approval, at most `waitMs` (issue 37, item 3). Durable:
 * the timer and any signal live in the run's history, so a worker or API restart meanwhile
 * changes nothing. At the deadline the approval is marked expired in the database, unless a
 * decision got there first (then that decision is followed: the row is the truth).
 */
export async function awaitApproval(wait: ApprovalWait): Promise<ApprovalOutcome> {
  let decided: CallDecisionSignal['status'] | null = null;
  setHandler(callDecision, (signal) => {
    if (signal.approvalId === wait.id) decided = signal.status;
  });
  // Decided before this run started (or restarted): no signal will come for it.
  const before = await approvals.callApprovalStatus({ approvalId: wait.id });
  if (before !== 'pending') return before;
  try {
    if (await condition(() => decided !== null, wait.waitMs)) return decided as unknown as ApprovalOutcome;
  } catch (error) {
    // The run was canceled, or reached its own limit, while waiting: nobody can approve it any more.
    if (isCancellation(error)) await CancellationScope.nonCancellable(() => approvals.expireCallApproval({ approvalId: wait.id }));
    throw error;
  }
  const status = await approvals.expireCallApproval({ approvalId: wait.id });
  return status === 'pending' ? 'expired' : status;
}
