import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { userPrincipal } from '../../plugins/auth.ts';
import { completeDeviceLogin, describeUserCode, pollDeviceLogin, startDeviceLogin } from '../../services/auth-cli/device-login.ts';
import { createdApiKey } from '../../services/users/api-keys.ts';
import { userRecord } from '../../services/users/user-record.ts';

const tags = ['auth'];
const deviceCode = z.string().min(16).max(128);
const userCode = z.string().min(8).max(16);
// What the person approving checks against their own terminal: the client name is free text.
const requester = {
  requested_from: z.string().nullable().meta({ description: 'IP address POST /auth/cli/start came from (null for requests made before it was recorded)' }),
  requested_at: z.number().int().meta({ description: 'When the login was requested (Unix seconds)' }),
};

const pollAnswer = z.union([
  z.object({ status: z.literal('pending'), interval: z.number().int(), expires_in: z.number().int() }),
  z.object({ status: z.literal('denied'), message: z.string() }),
  z.object({
    status: z.literal('complete'),
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    user: userRecord,
    api_key: createdApiKey
      .nullable()
      .optional()
      .meta({ description: 'When the start asked for api_key: the device\'s own API key, shown once (null when the user is at the key limit; api_key_refused says why)' }),
    api_key_refused: z.string().optional(),
  }),
]);

/** Command-line device-code login (spec, Authentication; decisions.md "Device-code login"). */
export const authCliRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/auth/cli/start',
    {
      config: { auth: 'none', rateScope: 'public_write' },
      schema: {
        tags,
        body: z
          .object({
            client_name: z.string().min(1).max(100).optional(),
            api_key: z.boolean().optional().describe('also issue a revocable API key for this device when the login completes (what a CLI keeps)'),
          })
          .strict()
          .nullish(),
        response: {
          200: z.object({
            device_code: z.string(),
            user_code: z.string(),
            verification_url: z.string(),
            verification_url_complete: z.string(),
            expires_in: z.number().int(),
            interval: z.number().int(),
          }),
        },
      },
    },
    async (request) => startDeviceLogin(deps, `${request.protocol}://${request.host}`, request.ip || null, request.body ?? {}),
  );

  app.get(
    '/auth/cli/verify',
    {
      // Metered like the other anonymous device routes: user codes must not be guessed at speed.
      config: { auth: 'none', rateScope: 'public_write', errorStatuses: [404] },
      schema: {
        tags,
        querystring: z.object({ user_code: userCode }),
        response: {
          200: z.object({
            user_code: z.string(),
            status: z.enum(['pending', 'approved', 'denied', 'consumed', 'expired']),
            client_name: z.string().nullable(),
            ...requester,
            expires_in: z.number().int(),
            approve: z.object({ method: z.literal('POST'), path: z.string(), body: z.object({ user_code: z.string() }) }),
          }),
        },
      },
    },
    async (request) => describeUserCode(deps, request.query.user_code),
  );

  app.post(
    '/auth/cli/complete',
    {
      config: { auth: 'required', rateScope: 'public_write', errorStatuses: [404, 409] },
      schema: {
        tags,
        body: z
          .object({ device_code: deviceCode.optional(), user_code: userCode.optional(), identity_token: z.string().min(1).max(8192).optional(),
            decision: z.enum(['approve', 'deny']).optional().describe('approve (the default) or deny the login request'),
          })
          .strict()
          .refine((b) => Boolean(b.device_code) !== Boolean(b.user_code), { message: 'give exactly one of device_code or user_code', path: ['device_code'] })
          .meta({ oneOf: [{ required: ['device_code'] }, { required: ['user_code'] }] }),
        response: {
          200: z.object({ status: z.enum(['approved', 'denied']), user_code: z.string(), client_name: z.string().nullable(), ...requester, message: z.string() }),
        },
      },
    },
    async (request) => completeDeviceLogin(deps, userPrincipal(request), request.body),
  );

  app.post(
    '/auth/cli/poll',
    { config: { auth: 'none', rateScope: 'public_write', errorStatuses: [404] }, schema: { tags, body: z.object({ device_code: deviceCode }).strict(), response: { 200: pollAnswer } } },
    async (request) => pollDeviceLogin(deps, request.body.device_code, request.id),
  );
};
