import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../services/trust/record.ts';
import type { AppDeps } from '../context.ts';
import { currentUser } from '../plugins/auth.ts';
import { RATE_SCOPES } from '../route-config.ts';
import { planId, uuidParam } from '../schemas.ts';
import { apiKeyRecord, createdApiKey, createOwnKey, listOwnKeys, revokeOwnKey } from '../services/users/api-keys.ts';
import { rateStanding } from '../services/users/rate-standing.ts';

const tags = ['account'];
// A person's own keys: the admin key has none ("Required (user identity)").
const user = { auth: 'user' as const };

/** A person's own account: API keys and rate-limit standing (issue 12, item 6; decisions.md "Self-service API keys"). */
export const accountRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api-keys',
    { config: user, schema: { tags, response: { 200: z.object({ keys: z.array(apiKeyRecord), total: z.number().int(), active: z.number().int() }) } } },
    async (request) => listOwnKeys(deps, currentUser(request).id),
  );

  app.post(
    '/api-keys',
    {
      // A key outlives every session: a session must come from a recent sign-in (decisions.md, "Hardening 2: tokens").
      config: { ...user, freshAuth: true, errorStatuses: [409] },
      schema: {
        tags,
        // Nothing to give today; an empty object is allowed, anything in it is a 400.
        body: z.object({}).strict().nullish(),
        response: { 201: createdApiKey },
      },
    },
    async (request, reply) => reply.status(201).send(await createOwnKey(deps, currentUser(request).id, auditContextOf(request))),
  );

  app.delete(
    '/api-keys/:key_id',
    { config: { ...user, errorStatuses: [409] }, schema: { tags, params: uuidParam('key_id'), response: { 200: apiKeyRecord.extend({ status: z.literal('revoked') }) } } },
    async (request) => revokeOwnKey(deps, currentUser(request).id, request.params.key_id, auditContextOf(request)),
  );

  const int = z.number().int();
  app.get(
    '/account/rate-limits',
    {
      config: user,
      schema: {
        tags,
        response: {
          200: z.object({
            plan: planId,
            scopes: z.array(
              z.object({
                scope: z.enum(RATE_SCOPES),
                window: z.enum(['minute', 'day']),
                limit: int,
                used: int.meta({ description: 'Requests counted in the current window, refused ones included' }),
                remaining: int,
                reset_at: int.meta({ description: 'When the window ends (Unix seconds)' }),
              }),
            ),
          }),
        },
      },
    },
    async (request) => rateStanding(deps, currentUser(request)),
  );
};
