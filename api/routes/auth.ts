import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../context.ts';
import { currentUser } from '../plugins/auth.ts';
import { issueSession } from '../services/users/session.ts';
import { userRecord } from '../services/users/user-record.ts';

const loginBody = z.object({
  user: userRecord,
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});

/** POST /auth/login: trades the presented credential for a short-lived HS256 session token. */
export const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/auth/login',
    {
      config: { auth: 'required' },
      schema: { tags: ['auth'], summary: 'Log in with an API key', response: { 200: loginBody } },
    },
    async (request) => issueSession(deps, currentUser(request)),
  );
};
