import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signSessionToken } from '../../lib/tokens.ts';
import type { AppDeps } from '../context.ts';
import { currentUser } from '../plugins/auth.ts';
import { publicUser, userRecord } from '../services/users/user-record.ts';

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
    async (request) => {
      const user = currentUser(request);
      const ttl = deps.config.JWT_TTL_SECONDS;
      const token = await signSessionToken(deps.secrets.jwtSecret, user.id, ttl);
      return { user: publicUser(user), access_token: token, token_type: 'Bearer' as const, expires_in: ttl };
    },
  );
};
