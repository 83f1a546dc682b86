import { shownServerName } from '../../../db/registry/server-keys.ts';
import { resolveServerKey } from '../../../db/registry/servers.ts';
import type { CallDecision } from '../../../db/schema/index.ts';
import { listCallPolicies, serverVisibleTo, setCallPolicy } from '../../../db/trust/call-policies.ts';
import type { AppDeps } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { recordAudit } from './record.ts';
import type { ApprovalCaller } from './call-approvals.ts';

export async function listPolicies(caller: ApprovalCaller) {
  const rows = await listCallPolicies(caller.deps.db, caller.userId);
  return { policies: rows.map((r) => ({ server: shownServerName(r.serverName), tool: r.toolName || null, decision: r.decision, updated_at: r.updatedAt.toISOString() })) };
}

/**
 * Sets the caller's policy for a server they can see (or one of its tools); `default` removes
 * it, so the tool's annotations decide again. The server must exist (a typo would otherwise be
 * a policy that never applies); the tool need not (a policy may come before the tool does).
 */
export async function setPolicy(caller: ApprovalCaller, body: { server: string; tool?: string; decision: CallDecision | 'default' }) {
  const key = await serverKeyOf(caller.deps, body.server, caller.userId);
  await setCallPolicy(caller.deps.db, caller.userId, key, body.tool ?? '', body.decision === 'default' ? null : body.decision);
  await recordAudit(caller.deps, caller.audit, { action: 'call_policy.set', target: `${body.server}${body.tool ? `/${body.tool}` : ''}`, details: { decision: body.decision } });
  return listPolicies(caller);
}

async function serverKeyOf(deps: AppDeps, server: string, userId: string): Promise<string> {
  const key = await resolveServerKey(deps.db, server, userId);
  if (!(await serverVisibleTo(deps.db, key, userId))) throw notFound('SERVER_NOT_FOUND', `Server ${server} not found`);
  return key;
}
