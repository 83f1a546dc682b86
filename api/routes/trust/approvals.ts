import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { forbidden } from '../../errors.ts';
import { restConfig } from '../../operations/operation.ts';
import { approveCallOp, denyCallOp, getApprovalOp, listApprovalsOp, listPoliciesOp, setPolicyOp } from '../../operations/approvals.ts';
import type { ApprovalCaller } from '../../services/trust/call-approvals.ts';
import { auditContextOf } from '../../services/trust/record.ts';

const tags = ['trust'];

/** Policies and approvals are a user's own: the admin key, acting for no user, has neither. */
function callerOf(deps: AppDeps, request: FastifyRequest): ApprovalCaller {
  const principal = request.principal;
  if (principal?.kind !== 'user') throw forbidden('Call policies and approvals belong to a user: use a user\'s key or session');
  return { deps, userId: principal.user.id, audit: auditContextOf(request) };
}

/** Call policies and approvals (issue 37, item 3): one route per declared operation. */
export const approvalRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/call_policies', { config: restConfig(listPoliciesOp), schema: { tags, response: { 200: listPoliciesOp.output } } }, async (request) =>
    listPoliciesOp.call(callerOf(deps, request), {}),
  );
  app.put('/call_policies', { config: restConfig(setPolicyOp), schema: { tags, body: setPolicyOp.input, response: { 200: setPolicyOp.output } } }, async (request) =>
    setPolicyOp.call(callerOf(deps, request), request.body),
  );
  app.get('/call_approvals', { config: restConfig(listApprovalsOp), schema: { tags, querystring: listApprovalsOp.input, response: { 200: listApprovalsOp.output } } }, async (request) =>
    listApprovalsOp.call(callerOf(deps, request), request.query),
  );
  app.get('/call_approvals/:approval_id', { config: restConfig(getApprovalOp), schema: { tags, params: getApprovalOp.input, response: { 200: getApprovalOp.output } } }, async (request) =>
    getApprovalOp.call(callerOf(deps, request), request.params),
  );
  for (const [verb, op] of [['approve', approveCallOp], ['deny', denyCallOp]] as const) {
    app.post(`/call_approvals/:approval_id/${verb}`, { config: restConfig(op), schema: { tags, params: op.input, response: { 200: op.output } } }, async (request) =>
      op.call(callerOf(deps, request), request.params),
    );
  }
};
