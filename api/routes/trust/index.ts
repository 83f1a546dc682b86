import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { restConfig } from '../../operations/operation.ts';
import { approveHoldOp, exportAuditOp, getHoldOp, listAuditOp, listHoldsOp, rejectHoldOp } from '../../operations/trust.ts';
import { isAdmin } from '../../plugins/auth.ts';
import type { TrustCaller } from '../../services/trust/holds.ts';

const tags = ['trust'];

/** The caller of a trust operation: the admin key has no user, an admin user has both. */
function callerOf(deps: AppDeps, request: FastifyRequest): TrustCaller {
  const principal = request.principal;
  return { deps, userId: principal?.kind === 'user' ? principal.user.id : null, admin: isAdmin(principal), requestId: request.id };
}

/** Tool holds (issue 37, item 1) and the audit log (item 4): one route per declared operation. */
export const trustRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/tool_holds', { config: restConfig(listHoldsOp), schema: { tags, querystring: listHoldsOp.input, response: { 200: listHoldsOp.output } } }, async (request) =>
    listHoldsOp.call(callerOf(deps, request), request.query),
  );
  app.get('/tool_holds/:hold_id', { config: restConfig(getHoldOp), schema: { tags, params: getHoldOp.input, response: { 200: getHoldOp.output } } }, async (request) =>
    getHoldOp.call(callerOf(deps, request), request.params),
  );
  for (const op of [approveHoldOp, rejectHoldOp]) {
    const verb = op === approveHoldOp ? 'approve' : 'reject';
    app.post(`/tool_holds/:hold_id/${verb}`, { config: restConfig(op), schema: { tags, params: op.input, response: { 200: op.output } } }, async (request) =>
      op.call(callerOf(deps, request), request.params),
    );
  }

  app.get('/admin/audit', { config: restConfig(listAuditOp), schema: { tags, querystring: listAuditOp.input, response: { 200: listAuditOp.output } } }, async (request) =>
    listAuditOp.call(callerOf(deps, request), request.query),
  );
  app.get('/admin/audit.jsonl', { config: restConfig(exportAuditOp), schema: { tags, querystring: exportAuditOp.input, response: { 200: { description: exportAuditOp.description, content: { 'application/x-ndjson': { schema: exportAuditOp.output } } } } } }, async (request, reply) =>
    reply.type('application/x-ndjson').send(await exportAuditOp.call(callerOf(deps, request), request.query)),
  );
};
