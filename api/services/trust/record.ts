import type { FastifyRequest } from 'fastify';
import { appendAudit } from '../../../db/audit/append.ts';
import type { AuditActor } from '../../../db/audit/append.ts';
import type { AppDeps } from '../../context.ts';

/** Who a request acts as and its id: what every audited service is handed by its route. */
export interface AuditContext {
  actor: AuditActor;
  requestId: string | null;
}

/** The audit context of a request: its principal (the admin key has no user id) and its request id. */
export function auditContextOf(request: FastifyRequest): AuditContext {
  const principal = request.principal;
  const actor: AuditActor =
    principal?.kind === 'user' ? { kind: principal.user.role === 'admin' ? 'admin' : 'user', id: principal.user.id } : principal?.kind === 'admin' ? { kind: 'admin', id: null } : { kind: 'system' };
  return { actor, requestId: request.id };
}

/** A user acting outside a request of theirs (a device login completed by the CLI's poll). */
export const userContext = (userId: string, requestId: string | null = null): AuditContext => ({ actor: { kind: 'user', id: userId }, requestId });

/** Appends one audit row for an action taken in `context` (db/audit/append.ts redacts secret-named details). */
export async function recordAudit(deps: Pick<AppDeps, 'db'>, context: AuditContext, entry: { action: string; target: string; details?: Record<string, unknown> }): Promise<void> {
  await appendAudit(deps.db, { actor: context.actor, requestId: context.requestId, ...entry });
}
