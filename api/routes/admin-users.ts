import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DuplicateEmailError, createAccount } from '../../db/accounts.ts';
import { createApiKey, revokeApiKey } from '../../db/api-keys.ts';
import { countUsers, deleteUser, findUserById, listUsers, updateUser } from '../../db/users.ts';
import type { AppDeps } from '../context.ts';
import { AppError, notFound } from '../errors.ts';
import { pagination, uuidParam } from '../schemas.ts';
import { publicUser, userRecord } from './user-record.ts';

const admin = { auth: 'admin' as const };
const tags = ['admin'];
const userIdParams = uuidParam('user_id');
const plan = z.enum(['free', 'pro', 'enterprise']);
const role = z.enum(['admin', 'user']);
const newKey = { user_id: z.uuid(), api_key: z.string() };

/**
 * Administration of users. Besides the spec's four routes, POST /admin/users,
 * POST /admin/users/{user_id}/keys and DELETE /admin/keys/{prefix} let the operator CLI
 * issue the first keys through a running embedded service (decisions.md).
 */
export const adminUserRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const userOr404 = async (id: string) => (await findUserById(db, id)) ?? Promise.reject(notFound('NOT_FOUND', `User ${id} not found`));

  const userPage = z.object({ users: z.array(userRecord), pagination: z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() }) });
  app.get('/admin/users', { config: admin, schema: { tags, querystring: pagination, response: { 200: userPage } } }, async (request) => {
    const [users, total] = await Promise.all([listUsers(db, request.query), countUsers(db)]);
    return { users: users.map(publicUser), pagination: { ...request.query, total } };
  });

  app.get('/admin/users/:user_id', { config: admin, schema: { tags, params: userIdParams, response: { 200: userRecord } } }, async (request) =>
    publicUser(await userOr404(request.params.user_id)),
  );

  const deleted = z.object({ id: z.uuid(), status: z.literal('deleted') });
  app.delete('/admin/users/:user_id', { config: admin, schema: { tags, params: userIdParams, response: { 200: deleted } } }, async (request) => {
    if (!(await deleteUser(db, request.params.user_id))) throw notFound('NOT_FOUND', `User ${request.params.user_id} not found`);
    return { id: request.params.user_id, status: 'deleted' as const };
  });

  app.patch(
    '/admin/users/:user_id/role',
    { config: admin, schema: { tags, params: userIdParams, body: z.object({ role }), response: { 200: userRecord } } },
    async (request) => {
      const user = await updateUser(db, request.params.user_id, { role: request.body.role });
      if (!user) throw notFound('NOT_FOUND', `User ${request.params.user_id} not found`);
      return publicUser(user);
    },
  );

  app.post(
    '/admin/users',
    {
      config: { ...admin, errorStatuses: [409] },
      schema: {
        tags,
        body: z.object({ email: z.email().max(254), plan: plan.default('free'), role: role.default('user') }),
        response: { 201: z.object({ ...newKey, user: userRecord }) },
      },
    },
    async (request, reply) => {
      try {
        const { user, apiKey } = await createAccount(db, request.body);
        return reply.status(201).send({ user_id: user.id, api_key: apiKey, user: publicUser(user) });
      } catch (error) {
        if (error instanceof DuplicateEmailError) throw new AppError('CONFLICT', `A user with e-mail ${request.body.email} exists`);
        throw error;
      }
    },
  );

  const keyCreated = z.object({ ...newKey, prefix: z.string() });
  app.post('/admin/users/:user_id/keys', { config: admin, schema: { tags, params: userIdParams, response: { 201: keyCreated } } }, async (request, reply) => {
    const user = await userOr404(request.params.user_id);
    const { key, record } = await createApiKey(db, user.id);
    return reply.status(201).send({ user_id: user.id, api_key: key, prefix: record.prefix });
  });

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
    async (request) => {
      if (!(await revokeApiKey(db, request.params.prefix))) throw notFound('NOT_FOUND', `No active key with prefix ${request.params.prefix}`);
      return { prefix: request.params.prefix, status: 'revoked' as const };
    },
  );
};
