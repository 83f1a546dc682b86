import { EXECUTION_FAILURES } from '../../contracts/index.ts';
import type { ToolCallOutcome, ToolExecutionInput } from '../../contracts/index.ts';
import { shownServerName } from '../../db/registry/server-keys.ts';
import { callPolicyInputs } from '../../db/trust/call-policies.ts';
import { decideCall } from '../../domain/trust/call-policy.ts';
import type { ExecutionDeps } from './deps.ts';

/**
 * The call's policy decided again once its instance has started (issue 37, item 3). The API
 * decided on the tool's pin before the run; a pin made from a document (the catalog keeps no
 * annotations) learns the tool's annotations from the first listing, when an instance starts.
 * So a run that starts the instance opens its session first (the start check completes the
 * pin) and decides again before calling: a destructive catalog tool asks on its first call too.
 * Not decided again: a call its owner approved, the admin key's (no policy), and a call on a
 * session already open (its listing came before the API decided).
 * Returns the refusal as the run's outcome (nothing called), or null when the call goes on.
 */
export async function policyAfterStart(deps: Pick<ExecutionDeps, 'db' | 'mcp'>, input: ToolExecutionInput, poolKey: string, signal: AbortSignal): Promise<ToolCallOutcome | null> {
  if (input.userId === null || input.approval || deps.mcp.isOpen(poolKey)) return null;
  await deps.mcp.connect(poolKey, { timeoutMs: input.timeLimitMs, signal });
  const { annotations, policies } = await callPolicyInputs(deps.db, input.userId, input.server, input.tool);
  const verdict = decideCall(annotations, policies);
  if (verdict.decision === 'allow') return null;
  const server = shownServerName(input.server);
  const details = { server, tool: input.tool, reason: verdict.reason };
  if (verdict.decision === 'deny') {
    const message = `Call to ${server}/${input.tool} refused: ${verdict.reason}. Change it with PUT /call_policies.`;
    return { kind: 'rejected', error: { code: EXECUTION_FAILURES.callDenied, message, details } };
  }
  const message = `Call to ${server}/${input.tool} waits for your approval: ${verdict.reason} (its server said so when it started)`;
  return { kind: 'rejected', error: { code: EXECUTION_FAILURES.approvalRequired, message, details } };
}

/** The reason of a run refused by policyAfterStart for want of approval, else null. */
export function approvalAskedAfterStart(outcome: ToolCallOutcome): string | null {
  if (outcome.kind !== 'rejected' || outcome.error.code !== EXECUTION_FAILURES.approvalRequired) return null;
  const reason = outcome.error.details.reason;
  return typeof reason === 'string' ? reason : outcome.error.message;
}
