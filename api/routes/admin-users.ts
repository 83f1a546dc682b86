import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../context.ts';
import { pagination, planId as plan, role, uuidParam } from '../schemas.ts';
import { createUserWithKey, getUser, issueKey, listUsersPage, removeUser, revokeKey, setUserRole } from '../services/users/admin-users.ts';
import { userRecord } from '../services/users/user-record.ts';
import { auditContextOf } from '../services/trust/record.ts';

const admin = { auth: 'admin' as const };
const tags = ['admin'];
const userIdParams = uuidParam('user_id');
const newKey = { user_id: z.uuid(), api_key: z.string() };
const userPage = z.object({ users: z.array(userRecord), pagination: z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() }) });

/**
 * Administration of users. Besides the spec's four routes, POST /admin/users,
 * POST /admin/users/{user_id}/keys and DELETE /admin/keys/{prefix} let the operator CLI
 * issue the first keys through a running embedded service (decisions.md).
 */
export const adminUserRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/admin/users', { config: admin, schema: { tags, querystring: pagination, response: { 200: userPage } } }, async (request) =>
    listUsersPage(deps, request.query),
  );

  app.get('/admin/users/:user_id', { config: admin, schema: { tags, params: userIdParams, response: { 200: userRecord } } }, async (request) =>
    getUser(deps, request.params.user_id),
  );

  const deleted = z.object({ id: z.uuid(), status: z.literal('deleted') });
  app.delete('/admin/users/:user_id', { config: admin, schema: { tags, params: userIdParams, response: { 200: deleted } } }, async (request) =>
    removeUser(deps, request.params.user_id),
  );

  app.patch(
    '/admin/users/:user_id/role',
    { config: admin, schema: { tags, params: userIdParams, body: z.object({ role }), response: { 200: userRecord } } },
    async (request) => setUserRole(deps, request.params.user_id, request.body.role),
  );

  app.post(
    '/admin/users',
    {
      // An admin's session mints keys for anyone: it must come from a recent sign-in (the admin key always does).
      config: { ...admin, freshAuth: true, errorStatuses: [409] },
      schema: {
        tags,
        body: z.object({ email: z.email().max(254), plan: plan.default('free'), role: role.default('user') }),
        response: { 201: z.object({ ...newKey, user: userRecord }) },
      },
    },
    async (request, reply) => reply.status(201).send(await createUserWithKey(deps, request.body, auditContextOf(request))),
  );

  const keyCreated = z.object({ ...newKey, prefix: z.string() });
  app.post('/admin/users/:user_id/keys', { config: { ...admin, freshAuth: true }, schema: { tags, params: userIdParams, response: { 201: keyCreated } } }, async (request, reply) =>
    reply.status(201).send(await issueKey(deps, request.params.user_id, auditContextOf(request))),
  );

  app.delete(
    '/admin/keys/:prefix',
    {
      config: admin,
      schema: {
        tags,
        params: z.object({ prefix: z.string().regex(/^[a-z0-9]{10}$/, 'a key prefix is 10 characters [a-z0-9]') }),
        response: { 200: z.object({ prefix: z.string(), status: z.literal('revoked') }) },
      },
    },
    async (request) => revokeKey(deps, request.params.prefix, auditContextOf(request)),
  );
};
