import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContextOf } from '../services/trust/record.ts';
import { z } from 'zod';
import type { AppDeps } from '../context.ts';
import { currentUser, userPrincipal } from '../plugins/auth.ts';
import { logOutEverywhere } from '../services/users/logout.ts';
import { issueSession } from '../services/users/session.ts';
import { userRecord } from '../services/users/user-record.ts';

const loginBody = z.object({
  user: userRecord,
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});

/** POST /auth/login and POST /auth/logout (decisions.md, "Hardening 2: tokens"). */
export const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/auth/login',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['auth'],
        summary: 'Log in with an API key',
        description:
          'Trades the credential for a short-lived HS256 session token. A session token presented here is renewed but keeps its sign-in time: no session lives past SESSION_MAX_AGE_SECONDS after its sign-in (then 401).',
        response: { 200: loginBody },
      },
    },
    async (request) => {
      const { user, authTime, keyId } = userPrincipal(request);
      return issueSession(deps, user, { authTime, keyId }, auditContextOf(request));
    },
  );

  // Not in the spec, which has no logout: the revocation of stolen sessions needs one.
  app.post(
    '/auth/logout',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Log out everywhere',
        description: 'Ends every session token of the caller issued so far, on every device; API keys stay valid (revoke them with DELETE /api-keys/{key_id}).',
        response: { 200: z.object({ status: z.literal('logged_out'), message: z.string() }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const answer = await logOutEverywhere(deps.db, user.id);
      // An audit line: who ended their sessions, and when (a person may ask, or an attacker may have).
      request.log.info({ user_id: user.id }, 'every session of the user ended (POST /auth/logout)');
      return answer;
    },
  );
};
